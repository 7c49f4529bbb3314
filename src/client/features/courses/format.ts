const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatDate(iso: string | null | undefined): string | null {
  return iso ? dateFormat.format(new Date(iso)) : null;
}

export function formatDateTime(iso: string | null | undefined): string | null {
  return iso ? dateTimeFormat.format(new Date(iso)) : null;
}

export function formatDateRange(start: string | null, end: string | null): string {
  const from = formatDate(start);
  const to = formatDate(end);
  if (from && to) return `${from} – ${to}`;
  if (from) return `Starts ${from}`;
  if (to) return `Ends ${to}`;
  return 'No dates set';
}

export function formatPoints(points: number | null | undefined): string {
  if (points === null || points === undefined) return 'No points';
  return `${Number.isInteger(points) ? points : points.toFixed(1)} pts`;
}
