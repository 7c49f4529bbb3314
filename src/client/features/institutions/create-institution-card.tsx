import { useState, type FormEvent } from 'react';
import { Building2 } from 'lucide-react';
import { createInstitutionSchema } from '@/shared/schemas/institutions';
import { ApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/toast';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Field, Textarea } from '@/client/ui/form';
import { createInstitution, useInstitutionAction } from './institution-api';

/**
 * For someone of no institution: the invitation code Margin sent with the Institutional Plan
 * (`npm run institution:invite`) creates the institution, and she becomes its first administrator.
 */
export function CreateInstitutionCard({ initialCode }: { initialCode: string }) {
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | undefined>();
  const create = useInstitutionAction(createInstitution);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createInstitutionSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invitation code is required');
      return;
    }
    setError(undefined);
    create.mutate(parsed.data.code, {
      onSuccess: (created) => toast.success(`${created.name} is created. You are its administrator.`),
      onError: (failure) =>
        setError(failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.'),
    });
  };
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5 text-brand-600" aria-hidden />
          Create your institution
        </CardTitle>
        <CardDescription>
          You do not belong to an institution on Margin. If Margin sent you an invitation code with your Institutional
          Plan, paste it here: you become the institution’s administrator. Teachers join by your invitation instead.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field label="Invitation code" error={error} required>
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                spellCheck={false}
                autoComplete="off"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                className="font-mono text-xs break-all"
              />
            )}
          </Field>
          <Button type="submit" isLoading={create.isPending} className="self-start">
            {create.isPending ? 'Creating…' : 'Create institution'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
