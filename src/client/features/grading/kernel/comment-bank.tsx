import { useEffect, useState, type ReactNode } from 'react';
import { Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { fillComment, type BankedComment } from '@/shared/schemas/comment-bank';
import { toast } from '@/client/lib/toast';
import { ApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { Input, Textarea } from '@/client/ui/form';
import { useChangeBankedComment, useCommentBank, type BankScope } from './api/comment-bank-api';

/** Comments shown at once; each has its key, Alt+1 to Alt+9. */
const SHOWN = 9;

const matches = (comment: BankedComment, search: string) =>
  search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => comment.text.toLowerCase().includes(word));

/**
 * Her comment bank on the grading screen (decision 061): the comments she saved on earlier students
 * of this assignment, pinned first, searchable. Alt+1 to Alt+9 (or a click, or Enter in the search)
 * adds one to the feedback, `[name]` filled with this student's first name. She can pin, edit and
 * delete them here.
 */
export function CommentBank({
  scope,
  firstName,
  onInsert,
  isDisabled,
}: {
  scope: BankScope;
  firstName: string;
  onInsert: (text: string) => void;
  isDisabled: boolean;
}) {
  const bank = useCommentBank(scope);
  const [search, setSearch] = useState('');
  const shown = (bank.data?.comments ?? []).filter((comment) => matches(comment, search)).slice(0, SHOWN);
  const insert = (comment: BankedComment | undefined) => {
    if (comment && !isDisabled) onInsert(fillComment(comment.text, firstName));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const digit = /^Digit([1-9])$/.exec(event.code);
      if (!digit) return;
      const comment = shown[Number(digit[1]) - 1];
      if (!comment) return;
      event.preventDefault();
      insert(comment);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!bank.data || bank.data.comments.length === 0) return null;
  return (
    <section aria-label="Your comment bank" className="flex flex-col gap-2" data-testid="comment-bank">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-medium text-ink">Your comments on this assignment</h3>
        <span className="text-xs text-slate-500">Alt+1 to Alt+{Math.max(1, shown.length)} adds one</span>
      </div>
      <Input
        aria-label="Search your comments"
        placeholder="Search your comments"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          insert(shown[0]);
        }}
        data-testid="comment-bank-search"
      />
      {shown.length === 0 ? (
        <p className="text-xs text-slate-600">No kept comment has these words.</p>
      ) : (
        <ol className="flex flex-col gap-1.5">
          {shown.map((comment, index) => (
            <BankedCommentRow
              key={comment.id}
              comment={comment}
              shortcut={index + 1}
              scope={scope}
              onInsert={() => insert(comment)}
              isDisabled={isDisabled}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function BankedCommentRow({
  comment,
  shortcut,
  scope,
  onInsert,
  isDisabled,
}: {
  comment: BankedComment;
  shortcut: number;
  scope: BankScope;
  onInsert: () => void;
  isDisabled: boolean;
}) {
  const { update, remove } = useChangeBankedComment(scope);
  const [draft, setDraft] = useState<string | null>(null);
  const fail = (what: string) => (error: unknown) =>
    toast.error(`Could not ${what} the comment`, {
      description: error instanceof ApiError ? error.message : 'Please try again.',
    });

  if (draft !== null)
    return (
      <li className="flex flex-col gap-1.5 rounded-md border border-slate-200 p-2" data-testid="banked-comment">
        <Textarea
          aria-label="Edit the kept comment"
          rows={3}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <span className="flex gap-2">
          <Button
            size="sm"
            isLoading={update.isPending}
            disabled={!draft.trim()}
            onClick={() =>
              update.mutate({ id: comment.id, text: draft }, { onSuccess: () => setDraft(null), onError: fail('edit') })
            }
          >
            Keep changes
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </span>
      </li>
    );

  return (
    <li
      className={cn(
        'group flex items-start gap-2 rounded-md border px-2 py-1.5 text-sm',
        comment.pinned ? 'border-brand-200 bg-brand-50' : 'border-slate-200',
      )}
      data-testid="banked-comment"
      data-pinned={comment.pinned}
    >
      <kbd className="mt-0.5 rounded bg-slate-100 px-1 text-xs text-slate-600">{shortcut}</kbd>
      <button
        type="button"
        className="min-w-0 flex-1 break-words text-left text-slate-800 hover:underline disabled:opacity-60"
        onClick={onInsert}
        disabled={isDisabled}
        aria-keyshortcuts={`Alt+${shortcut}`}
        title="Add to the feedback"
      >
        {comment.text}
      </button>
      <span className="flex shrink-0 gap-0.5">
        <IconButton
          label={comment.pinned ? 'Unpin' : 'Pin'}
          onClick={() => update.mutate({ id: comment.id, pinned: !comment.pinned }, { onError: fail('pin') })}
        >
          {comment.pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
        </IconButton>
        <IconButton label="Edit" onClick={() => setDraft(comment.text)}>
          <Pencil aria-hidden />
        </IconButton>
        <IconButton label="Delete" onClick={() => remove.mutate(comment.id, { onError: fail('delete') })}>
          <Trash2 aria-hidden />
        </IconButton>
      </span>
    </li>
  );
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex size-7 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 [&_svg]:size-3.5"
    >
      {children}
    </button>
  );
}
