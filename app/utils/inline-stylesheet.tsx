import { createContext, useContext } from 'react'

// The stylesheet is inlined in the head: as a file it held the first paint back for a round trip while
// the page's scripts shared the bandwidth (bench/results/lighthouse.md). Only the server knows the text
// (entry.server.tsx); hydration keeps the server's <style> as it is, since React does not compare
// dangerouslySetInnerHTML there, and no later render changes the empty text the browser renders with.
const StylesheetContext = createContext('')

export const StylesheetProvider = StylesheetContext.Provider

export function InlineStylesheet({ nonce }: { nonce: string }) {
  const css = useContext(StylesheetContext)
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />
}
