/**
 * The setup page's URL rule (spec part 1 §5): trim, prefix https:// when the URL has no scheme,
 * drop trailing slashes. The server applies the same rule before it checks the address.
 */
export function normalizeCanvasUrl(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) return '';
  // Any scheme is kept as typed (the server refuses all but https); none gets https://.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return withScheme.replace(/\/+$/, '');
}
