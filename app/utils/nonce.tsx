import { createContext, useContext } from 'react'

// The per-request CSP nonce reaches the document through React context (browsers hide it from the DOM).
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
