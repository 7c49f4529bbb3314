/**
 * The JSON an admin gives Canvas to create Margin's LTI key ("Enter URL"): where to start the login,
 * where to launch, Margin's public key, and one course-navigation link for a course's teachers
 * that opens in a new tab (Margin's pages refuse to be framed, and a frame would lose the cookies
 * the launch needs). The course id and the Canvas user id come as custom fields.
 */
export function toolConfiguration(publicUrl: string) {
  const launchUrl = `${publicUrl}/api/lti/launch`;
  return {
    title: 'Margin',
    description:
      'Draft grades and feedback for your Canvas assignments, discussions and quizzes; you review every one.',
    oidc_initiation_url: `${publicUrl}/api/lti/login`,
    target_link_uri: launchUrl,
    public_jwk_url: `${publicUrl}/api/lti/jwks`,
    scopes: [],
    extensions: [
      {
        domain: new URL(publicUrl).host,
        tool_id: 'margin',
        platform: 'canvas.instructure.com',
        privacy_level: 'public',
        settings: {
          text: 'Margin',
          placements: [
            {
              placement: 'course_navigation',
              message_type: 'LtiResourceLinkRequest',
              target_link_uri: launchUrl,
              text: 'Margin',
              default: 'enabled',
              visibility: 'admins',
              windowTarget: '_blank',
            },
          ],
        },
      },
    ],
    custom_fields: { canvas_course_id: '$Canvas.course.id', canvas_user_id: '$Canvas.user.id' },
  };
}
