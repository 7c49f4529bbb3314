const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A small page of Margin's own for what an LTI launch ends in without opening the app: a refusal,
 * or the note to a student. Plain HTML, no script, readable in a new tab or a Canvas frame.
 */
export function ltiPage(title: string, paragraphs: string[], action?: { href: string; label: string }) {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const link = action
    ? `<p><a class="button" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Margin</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f8f7f4;color:#1f2933;margin:0}
main{max-width:34rem;margin:10vh auto;padding:2rem;background:#fff;border:1px solid #e4e2dc;border-radius:12px}
.brand{font-weight:700;color:#3b5bdb;letter-spacing:.02em;margin:0 0 1.5rem}
h1{font-size:1.4rem;margin:0 0 1rem}
p{line-height:1.55}
.button{display:inline-block;background:#3b5bdb;color:#fff;padding:.55rem 1rem;border-radius:8px;text-decoration:none}
</style>
</head>
<body><main><p class="brand">Margin</p><h1>${escapeHtml(title)}</h1>${body}${link}</main></body>
</html>`;
}
