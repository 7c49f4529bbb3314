import { errors, jwtVerify, type JWTPayload } from 'jose';
import { sha256 } from '@/server/core/crypto';
import type { InstitutionStore } from '@/server/modules/institutions/institution-store';
import type { LtiStore } from './lti-store';
import { platformOf, type PlatformKeys } from './platform';

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const INSTRUCTOR_ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
/** Clock difference between Canvas and Margin that a token's times may show. */
const CLOCK_SKEW_SECONDS = 60;
/** An id_token is used at once: one issued longer ago than this is refused. */
const MAX_TOKEN_AGE_SECONDS = 300;

/** A launch Margin refuses, with the page that says why. */
export class LtiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const TRY_AGAIN = 'Open Margin from the course navigation in Canvas again.';
const refuse = (title: string, detail: string, status = 400) => new LtiRefusal(status, title, detail);

export type VerifiedLaunch = {
  institutionId: string;
  institutionName: string;
  platformUserId: string;
  isInstructor: boolean;
  isLearner: boolean;
  name: string | null;
  email: string | null;
  courseId: string | null;
  courseTitle: string | null;
};

export type LaunchDeps = { store: LtiStore; institutions: InstitutionStore; platformKeys: PlatformKeys };

/**
 * Every check of the LTI 1.3 launch, in order: the state (sent by this browser, once, in time), the
 * id_token's signature by the platform's key, its issuer, audience and authorized party, its times,
 * its nonce (the one sent with this state, used once), then the deployment, message type and
 * version. Answers who launched from where, or throws the refusal.
 */
export async function verifyLaunch(
  deps: LaunchDeps,
  input: { idToken: string; state: string; browserState: string | undefined },
  now = new Date(),
): Promise<VerifiedLaunch> {
  if (!input.browserState || input.browserState !== input.state)
    throw refuse(
      'This launch did not start in this browser',
      `Margin could not match this launch to the sign-in it started (the state does not match). If your browser blocks cookies for Margin, allow them. ${TRY_AGAIN}`,
    );
  const login = await deps.store.claimLogin(sha256(input.state), now);
  if (!login.ok)
    throw login.reason === 'used'
      ? refuse('This launch was already used', `Each launch from Canvas opens Margin once. ${TRY_AGAIN}`)
      : login.reason === 'expired'
        ? refuse('This launch took too long', `The sign-in from Canvas expired before it finished. ${TRY_AGAIN}`)
        : refuse('This launch is not one Margin started', `Margin has no record of this sign-in. ${TRY_AGAIN}`);
  const institution = await deps.institutions.byId(login.institutionId);
  if (!institution?.canvasUrl || !institution.ltiClientId || !institution.ltiDeploymentId)
    throw refuse(
      'Margin is not set up for this Canvas',
      'Your institution’s Margin administrator has removed the Canvas LTI key.',
      403,
    );
  const platform = platformOf(institution.canvasUrl);

  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(input.idToken, deps.platformKeys(platform.jwksUrl), {
      algorithms: ['RS256'],
      issuer: platform.issuer,
      audience: institution.ltiClientId,
      clockTolerance: CLOCK_SKEW_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      currentDate: now,
    }));
  } catch (error) {
    throw tokenRefusal(error, institution.canvasUrl);
  }

  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== institution.ltiClientId)
    throw refuse(
      'This launch was meant for another tool',
      'The sign-in from Canvas names another tool as its authorized party (azp).',
    );
  if (claims.nonce !== login.nonce)
    throw typeof claims.nonce === 'string' && (await deps.store.wasNonceUsed(claims.nonce))
      ? refuse(
          'This launch was already used',
          `Each launch from Canvas opens Margin once (its nonce was used). ${TRY_AGAIN}`,
        )
      : refuse(
          'This launch does not match its sign-in',
          `The sign-in from Canvas carries another nonce than Margin sent. ${TRY_AGAIN}`,
        );

  const deploymentId = claims[`${CLAIM}deployment_id`];
  if (deploymentId !== institution.ltiDeploymentId)
    throw refuse(
      'This Canvas installation of Margin is not known',
      `The launch comes from deployment “${String(deploymentId ?? 'none')}”, which is not the deployment your institution’s administrator entered in Margin. Ask them to check the deployment id.`,
      403,
    );
  const messageType = claims[`${CLAIM}message_type`];
  if (messageType !== 'LtiResourceLinkRequest')
    throw refuse(
      'Margin cannot open this kind of launch',
      `Margin opens from a course’s navigation (LtiResourceLinkRequest); this launch is “${String(messageType ?? 'none')}”.`,
    );
  if (claims[`${CLAIM}version`] !== '1.3.0')
    throw refuse('This launch uses another LTI version', 'Margin takes LTI 1.3.0 launches only.');

  const roles = stringList(claims[`${CLAIM}roles`]);
  const context = record(claims[`${CLAIM}context`]);
  const custom = record(claims[`${CLAIM}custom`]);
  const courseId = text(custom.canvas_course_id);
  return {
    institutionId: institution.id,
    institutionName: institution.name,
    platformUserId: claims.sub!,
    isInstructor: roles.includes(INSTRUCTOR_ROLE),
    isLearner: roles.some((role) => role.endsWith('#Learner')),
    name: text(claims.name),
    email: text(claims.email),
    courseId: courseId && /^[1-9]\d{0,15}$/.test(courseId) ? courseId : null,
    courseTitle: text(context.title),
  };
}

/** What a failed signature or claim check tells the teacher. */
function tokenRefusal(error: unknown, canvasUrl: string): LtiRefusal {
  if (error instanceof errors.JWTExpired)
    return refuse('This launch has expired', `The sign-in from Canvas is too old to use. ${TRY_AGAIN}`);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return refuse(
        'This launch was meant for another tool',
        'The sign-in from Canvas is addressed to another client id than the LTI key your institution entered in Margin.',
      );
    if (error.claim === 'iss')
      return refuse('This launch comes from another Canvas', `Margin expects launches from ${canvasUrl}.`);
    if (error.claim === 'iat')
      return refuse(
        'This launch has expired',
        `The sign-in from Canvas was issued too long ago, or in the future. ${TRY_AGAIN}`,
      );
    return refuse('This launch is incomplete', `The sign-in from Canvas lacks its “${error.claim}” claim.`);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  )
    return refuse(
      'This launch is not signed by your Canvas',
      `Its signature does not match any key ${canvasUrl} publishes, so Margin cannot trust it.`,
      401,
    );
  if (
    error instanceof errors.JOSEError &&
    /timed out|fetch|JWKS|JSON Web Key Set/i.test(`${error.code} ${error.message}`)
  )
    return refuse(
      'Canvas did not answer',
      `Margin could not read the signing keys of ${canvasUrl}. Try again in a minute.`,
      502,
    );
  if (error instanceof errors.JOSEError)
    return refuse('This launch could not be read', 'The sign-in from Canvas is not a valid signed token.');
  if (error instanceof TypeError)
    return refuse(
      'Canvas did not answer',
      `Margin could not read the signing keys of ${canvasUrl}. Try again in a minute.`,
      502,
    );
  throw error;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const stringList = (value: unknown) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);
