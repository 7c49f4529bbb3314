import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';

export const LOADING_MESSAGES = [
  'Gathering your ungraded work...',
  'Sharpening the red pencils...',
  'Counting essays (so you don’t have to)...',
  'Checking every course for new submissions...',
  'Sorting the stack by due date...',
  'Brewing a fresh pot of coffee...',
  'Dusting off the rubrics...',
  'Asking Canvas nicely...',
  'Lining up late submissions...',
  'Finding that one assignment you forgot about...',
  'Making room on the grading table...',
  'Almost there: stacking the last papers...',
];
export const MESSAGE_INTERVAL_MS = 2500;
export const FADE_MS = 300;

/** The Needs Grading loading screen: twelve messages, one every 2.5 s, with a 0.3 s fade. */
export function RotatingLoadingMessages() {
  const [index, setIndex] = useState(0);
  const [isVisible, setVisible] = useState(true);

  useEffect(() => {
    let fadeTimer: number | undefined;
    const interval = window.setInterval(() => {
      setVisible(false);
      fadeTimer = window.setTimeout(() => {
        setIndex((current) => (current + 1) % LOADING_MESSAGES.length);
        setVisible(true);
      }, FADE_MS);
    }, MESSAGE_INTERVAL_MS);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(fadeTimer);
    };
  }, []);

  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-slate-600">
      <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden />
      <p
        data-testid="loading-message"
        className="text-lg transition-opacity ease-in-out"
        style={{ opacity: isVisible ? 1 : 0, transitionDuration: `${FADE_MS}ms` }}
      >
        {LOADING_MESSAGES[index]}
      </p>
    </div>
  );
}
