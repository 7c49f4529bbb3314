import type { FastifyInstance } from 'fastify';
import { createInvitationCode } from '@/server/modules/institutions/invitation-code';

/** An institution created by `admin` from an operator's invitation, through the real endpoint. */
export async function createInstitution(
  app: FastifyInstance,
  appSecret: string,
  admin: { email: string; headers: Record<string, string> },
  institutionName = 'Northridge High School',
) {
  const code = await createInvitationCode(appSecret, { institutionName, adminEmail: admin.email });
  const response = await app.inject({
    method: 'POST',
    url: '/api/institutions',
    headers: admin.headers,
    payload: { code },
  });
  if (response.statusCode !== 201) throw new Error(`creating the institution failed: ${response.body}`);
  return response.json<{ id: string }>();
}
