/**
 * Access tokens of the seeded people, shaped like real Canvas tokens (`<shard>~<64 characters>`).
 * They only mean something to the demo Canvas.
 */
export const DEMO_CANVAS_TOKEN = '1~DmoTchrK7vQ2xW9pLr4sN8bY3cJ6fH1gA5eZ0uM2iO7kV9tR4wX8nB6yC3dF1qP';

/** A TA in the first course without the grading permission: provokes Canvas's 403. */
export const DEMO_CANVAS_TA_TOKEN = '1~DmoTaNoGrd8Lp3Qw7Er2Ty6Ui1Op5As9Df4Gh0Jk3Lz8Xc2Vb7Nm1Qa6Ws5Ed9Rf';

/** The teacher's older token, past its expiry date. */
export const DEMO_CANVAS_EXPIRED_TOKEN = '1~DmoExpird4Rt8Yu2Io6Pa1Sd5Fg9Hj3Kl7Zx0Cv4Bn8Mq2We6Rt1Yu5Io9Pa3Sd';

/** A token the teacher deleted in Canvas. */
export const DEMO_CANVAS_REVOKED_TOKEN = '1~DmoRevokd7Ui1Op5As9Df3Gh7Jk2Lz6Xc0Vb4Nm8Qa2Ws6Ed0Rf4Tg8Yh2Uj6Ik';

/**
 * The demo Canvas's developer key for Margin (what a school's Canvas admin would issue): the app's
 * OAuth2 defaults when the demo Canvas is on and no key is configured. Only the demo knows it.
 */
export const DEMO_CANVAS_CLIENT_ID = '10000000000042';
export const DEMO_CANVAS_CLIENT_SECRET = 'DmoKeySecret9Qw2Er6Ty1Ui5Op9As3Df7Gh1Jk5Lz9Xc3Vb7Nm1Qa5Ws9Ed3Rf7Tg';
