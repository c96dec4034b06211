/** Base64 (standard alphabet, padded) of the UTF-8 bytes of `text`: how passwords and phone numbers travel. */
export function toBase64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}
