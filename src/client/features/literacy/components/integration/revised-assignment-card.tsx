import { useEffect, useRef } from 'react';
import { Copy, Download, RefreshCw } from 'lucide-react';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/ui/card';
import { Textarea } from '@/client/ui/form';
import { REVISED_ASSIGNMENT_FILENAME } from '../../integration-text';
import { copyWithToast, downloadWithToast } from './copy-feedback';

/** The revised assignment, editable here; Regenerate replaces the edited text (spec §4). */
export function RevisedAssignmentCard({
  text,
  onChange,
  onRegenerate,
  isGenerating,
}: {
  text: string;
  onChange: (text: string) => void;
  onRegenerate: () => void;
  isGenerating: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The card appears below the suggestions: bring it into view and put the reader on it.
    headingRef.current?.focus();
  }, []);

  return (
    <Card>
      <CardHeader>
        <h2
          id="revised-assignment-heading"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 text-lg leading-tight font-semibold text-ink focus:outline-none"
        >
          Revised Assignment
        </h2>
        <CardDescription>Your assignment with the selected AI-literacy suggestions woven in.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Textarea
          aria-labelledby="revised-assignment-heading"
          aria-busy={isGenerating || undefined}
          readOnly={isGenerating}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Your revised assignment will appear here..."
          className="min-h-[400px] font-mono text-[0.8125rem] leading-relaxed"
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onRegenerate} isLoading={isGenerating}>
            {isGenerating ? null : <RefreshCw aria-hidden />}
            Regenerate
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              void copyWithToast(text, 'Assignment Copied', 'The revised assignment is on your clipboard.')
            }
            disabled={!text.trim()}
          >
            <Copy aria-hidden />
            Copy
          </Button>
          <Button
            variant="primary"
            onClick={() => downloadWithToast(REVISED_ASSIGNMENT_FILENAME, text, 'Assignment Downloaded')}
            disabled={!text.trim()}
          >
            <Download aria-hidden />
            Download
          </Button>
        </div>
        <p className="text-sm text-slate-600">
          You can edit the assignment above. Use the buttons to copy or download your final version.
        </p>
      </CardContent>
    </Card>
  );
}
