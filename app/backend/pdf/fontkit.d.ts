// fontkit ships no types; the documents use only `create` (./kit.ts).
declare module 'fontkit' {
  export function create(
    bytes: Uint8Array,
    postscriptName?: string,
  ): { layout(text: string): unknown }
}
