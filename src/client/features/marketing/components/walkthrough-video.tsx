import { Section } from './section';

/**
 * A 25-second walkthrough recorded from the real product and its demo Canvas
 * (scripts/record-walkthrough.ts regenerates it). Nothing loads until the visitor presses play.
 */
export function WalkthroughVideo() {
  return (
    <Section
      id="walkthrough"
      eyebrow="See Margin in action"
      title="From Canvas to a saved grade in under a minute"
      description="Connect Canvas, open what needs grading, draft with your rubric, edit and save. Recorded in the real app with our demo Canvas."
    >
      <div className="mx-auto max-w-4xl overflow-hidden rounded-2xl border border-slate-200 bg-ink shadow-lg">
        <video
          data-testid="walkthrough-video"
          className="aspect-video h-auto w-full"
          width={960}
          height={540}
          controls
          preload="none"
          playsInline
          poster="/media/walkthrough-poster.jpg"
        >
          <source src="/media/walkthrough.webm" type="video/webm" />
          <track kind="captions" src="/media/walkthrough.vtt" srcLang="en" label="English" default />
          Your browser cannot play this video. The walkthrough shows connecting Canvas, opening the Needs Grading list,
          drafting a grade from a rubric and saving it to Canvas.
        </video>
      </div>
    </Section>
  );
}
