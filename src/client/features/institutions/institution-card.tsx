import { Building2 } from 'lucide-react';
import { ButtonLink } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { useInstitution } from './institution-api';

/** On Settings, for a member of an institution: which one, and for its admin the way to its dashboard. */
export function InstitutionCard() {
  const institution = useInstitution();
  if (!institution.data) return null;
  const { name, role } = institution.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5 text-brand-600" aria-hidden />
          {name}
        </CardTitle>
        <CardDescription>
          {role === 'admin'
            ? 'You administer this institution: its teachers, invitations, settings and audit log.'
            : 'You are a teacher of this institution; your grading uses its plan.'}
        </CardDescription>
      </CardHeader>
      {role === 'admin' ? (
        <CardContent>
          <ButtonLink to="/institution" variant="outline">
            Manage institution
          </ButtonLink>
        </CardContent>
      ) : null}
    </Card>
  );
}
