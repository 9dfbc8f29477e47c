// A download's Content-Disposition (RFC 6266): the name itself where it is plain ASCII, else a
// plain fallback for old clients, and the real name (any script: a district's name, a file named
// in Ўзбекча or Русский) as UTF-8 for the rest.
import "server-only";

export function attachment(fileName: string, asciiFallback: string): string {
  const plain = /^[\x20-\x7e]+$/.test(fileName) && !/["\\]/.test(fileName) ? fileName : asciiFallback;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
