/** The name in 'Welcome, {name}': first word of the full name, else the e-mail, else 'User'. */
export function greetingName(fullName: string | null | undefined, email: string | null | undefined): string {
  const firstWord = fullName?.trim().split(/\s+/)[0];
  return firstWord || email || 'User';
}
