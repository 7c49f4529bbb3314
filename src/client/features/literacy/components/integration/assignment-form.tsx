import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertTriangle, FileText, Sparkles, X } from 'lucide-react';
import {
  gradeLevelLabels,
  gradeLevelValues,
  subjectLabels,
  subjectValues,
  type GradeLevel,
  type Subject,
} from '@/shared/schemas/ai';
import {
  ACCEPTED_UPLOAD_EXTENSIONS,
  BOTH_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  INTEGRATION_FAILED_MESSAGE,
  MAX_UPLOAD_BYTES,
  type IntegrationToolResponse,
} from '@/shared/schemas/literacy';
import { ApiError } from '@/client/lib/api-client';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Field, Input, Label, Textarea } from '@/client/ui/form';
import { Select } from '@/client/ui/select';
import { useGenerateIntegration } from '../../api/generate-integration';

const SUBJECT_OPTIONS = subjectValues.map((value) => ({ value, label: subjectLabels[value] }));
const GRADE_LEVEL_OPTIONS = gradeLevelValues.map((value) => ({ value, label: gradeLevelLabels[value] }));

type Values = { title: string; content: string; subject: Subject; gradeLevel: GradeLevel; estimatedTime: string };
const EMPTY: Values = { title: '', content: '', subject: '', gradeLevel: '', estimatedTime: '' };

/** What went wrong, shown in the form's alert region: the spec's sentence, and the server's reason when it helps. */
type Problem = { message: string; detail?: string | undefined };

function describeFailure(error: unknown): Problem {
  // The server's message says what to do when the cause is the request (file, size, rate limit)
  // or a known AI condition (timeout, busy); a plain failure gets the spec's sentence alone.
  const detail =
    error instanceof ApiError && error.status !== 500 && error.message !== INTEGRATION_FAILED_MESSAGE
      ? error.message
      : undefined;
  return { message: INTEGRATION_FAILED_MESSAGE, detail };
}

/**
 * The 'Assignment Input' form (spec §2.8, §4, §5). Title and content are required; a file can
 * stand in for the content (the server reads its text). Problems are announced in an alert region
 * inside the form rather than with window.alert: same words, but readable, non-blocking and
 * reachable by screen readers.
 */
export function AssignmentForm({ onGenerated }: { onGenerated: (response: IntegrationToolResponse) => void }) {
  const fileInputId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [missing, setMissing] = useState<{ title: boolean; content: boolean }>({ title: false, content: false });
  const generation = useGenerateIntegration();
  const isBusy = generation.isPending;

  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    setFileNote(null);
    if (chosen) setMissing((current) => ({ ...current, content: false }));
  }

  function removeFile() {
    chooseFile(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const title = values.title.trim();
    const content = values.content.trim();
    const isContentMissing = !content && !file;
    if (!title || isContentMissing) {
      setMissing({ title: !title, content: isContentMissing });
      setProblem({ message: BOTH_REQUIRED_MESSAGE });
      (title ? contentRef : titleRef).current?.focus();
      return;
    }
    setMissing({ title: false, content: false });
    // The file is only read when it is the content: typed text always wins.
    const upload = !content && file ? file : null;
    if (upload && upload.size > MAX_UPLOAD_BYTES) {
      setProblem({ message: FILE_TOO_LARGE_MESSAGE });
      return;
    }
    setProblem(null);
    try {
      const response = await generation.mutateAsync({
        assignmentTitle: title,
        assignmentText: content,
        subject: values.subject,
        gradeLevel: values.gradeLevel,
        estimatedTime: values.estimatedTime.trim(),
        file: upload,
      });
      if (response.readFromFile) {
        // Show the teacher the text that was used; it is also what the revision starts from.
        set('content', response.assignment.content);
        setFileNote(
          `Read ${response.readFromFile.characters.toLocaleString('en-US')} characters from ${response.readFromFile.filename}. The text is now in the content box.`,
        );
      }
      onGenerated(response);
    } catch (error) {
      console.error('AI integration generation failed', error);
      setProblem(describeFailure(error));
    }
  }

  const isDocFile = file ? /\.doc$/i.test(file.name) : false;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Assignment Input</CardTitle>
        <CardDescription>
          Paste your assignment or upload it. Subject, grade level and time help the suggestions fit.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={isBusy || undefined}>
          <Field label="Assignment title" required>
            {(field) => (
              <Input
                {...field}
                ref={titleRef}
                name="assignmentTitle"
                maxLength={200}
                placeholder="e.g. Persuasive Essay on School Start Times"
                value={values.title}
                onChange={(event) => {
                  set('title', event.target.value);
                  if (event.target.value.trim()) setMissing((current) => ({ ...current, title: false }));
                }}
                aria-invalid={missing.title || undefined}
              />
            )}
          </Field>

          <Field
            label="Assignment content"
            required
            hint="The instructions students receive: task, requirements, deliverable and how it is graded."
          >
            {(field) => (
              <Textarea
                {...field}
                ref={contentRef}
                name="assignmentText"
                rows={8}
                maxLength={20_000}
                placeholder="Paste the assignment text here, or upload a file below."
                value={values.content}
                onChange={(event) => {
                  set('content', event.target.value);
                  if (event.target.value.trim()) setMissing((current) => ({ ...current, content: false }));
                }}
                aria-invalid={missing.content || undefined}
              />
            )}
          </Field>

          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fileInputId}>Upload file (optional)</Label>
            <input
              ref={fileRef}
              id={fileInputId}
              type="file"
              name="file"
              accept={ACCEPTED_UPLOAD_EXTENSIONS.join(',')}
              aria-describedby={`${fileInputId}-hint`}
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
              className="block w-full rounded-lg border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-3 file:py-2 file:font-medium file:text-ink hover:file:bg-slate-100"
            />
            <p id={`${fileInputId}-hint`} className="text-xs text-slate-600">
              .txt, .doc, .docx or .pdf, up to 5 MB. Its text is used when the content box is empty.
            </p>
            {file ? (
              <div className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
                <span className="flex min-w-0 items-center gap-2 text-slate-700">
                  <FileText className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">{file.name}</span>
                </span>
                <Button variant="ghost" size="sm" onClick={removeFile} disabled={isBusy}>
                  <X aria-hidden />
                  Remove
                  <span className="sr-only"> {file.name}</span>
                </Button>
              </div>
            ) : null}
            {isDocFile ? (
              <p className="text-sm text-amber-800">
                Margin cannot read Word 97-2003 .doc files. Save it as .docx or PDF, or paste the text into the content
                box.
              </p>
            ) : null}
            {file && file.size > MAX_UPLOAD_BYTES ? (
              <p className="text-sm text-red-700">{FILE_TOO_LARGE_MESSAGE}</p>
            ) : null}
            {fileNote ? <p className="text-sm text-emerald-800">{fileNote}</p> : null}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Subject">
              {(field) => (
                <Select
                  {...field}
                  name="subject"
                  options={SUBJECT_OPTIONS}
                  placeholder="Select subject"
                  value={values.subject}
                  onChange={(event) => set('subject', event.target.value as Subject)}
                />
              )}
            </Field>
            <Field label="Grade level">
              {(field) => (
                <Select
                  {...field}
                  name="gradeLevel"
                  options={GRADE_LEVEL_OPTIONS}
                  placeholder="Select grade level"
                  value={values.gradeLevel}
                  onChange={(event) => set('gradeLevel', event.target.value as GradeLevel)}
                />
              )}
            </Field>
          </div>

          <Field label="Estimated time">
            {(field) => (
              <Input
                {...field}
                name="estimatedTime"
                maxLength={100}
                placeholder="e.g., 2 weeks, 3 class periods"
                value={values.estimatedTime}
                onChange={(event) => set('estimatedTime', event.target.value)}
              />
            )}
          </Field>

          <div className="flex flex-col gap-3">
            <div role="alert">
              {problem ? (
                <div className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <div className="flex flex-col gap-1">
                    <p className="font-medium">{problem.message}</p>
                    {problem.detail ? <p>{problem.detail}</p> : null}
                  </div>
                </div>
              ) : null}
            </div>

            <Button type="submit" size="lg" isLoading={isBusy} className="w-full">
              {isBusy ? null : <Sparkles aria-hidden />}
              {isBusy ? 'Generating AI Integration...' : 'Generate AI Integration'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
