import type { Assessor, Dimension } from './assessor';
import { assessDevelopment } from './development';
import { assessEvidence } from './evidence';
import { assessMechanics } from './mechanics';
import { assessOrganization } from './organization';
import { assessReasoning } from './reasoning';
import { assessRelevance } from './relevance';
import { assessStyle } from './style';

/** One assessor per dimension. */
export const assessors: Record<Dimension, Assessor> = {
  relevance: assessRelevance,
  development: assessDevelopment,
  organization: assessOrganization,
  evidence: assessEvidence,
  reasoning: assessReasoning,
  style: assessStyle,
  mechanics: assessMechanics,
};

export {
  DIMENSIONS,
  type AssessmentContext,
  type Assessor,
  type Dimension,
  type DimensionResult,
  type Finding,
  type Topic,
} from './assessor';
