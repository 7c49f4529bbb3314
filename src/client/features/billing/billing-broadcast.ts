const CHANNEL_NAME = 'margin-billing';

/**
 * Purchases finish in another tab: that tab tells the others, which then check plan and usage
 * again, so a grading screen left open picks up the new limit without a reload.
 */
export function announceBillingChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage('changed');
  channel.close();
}

export function onBillingChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = () => listener();
  return () => channel.close();
}
