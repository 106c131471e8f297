/**
 * The words of password reset and the session list (issue 17), for the API's answers and the web
 * app's screens alike. The sentence every reset request gets is the issue's, verbatim.
 */
export const accountCopy = {
  forgot: {
    link: "Forgot password?",
    title: "Reset your password",
    intro: "Enter the email address you sign in with and we will send you a link to set a new password.",
    submit: "Send reset link",
    sent: "If an account exists for that address, we have sent a link",
    tooMany: "Too many reset requests. Please try again later.",
    backToLogin: "Back to sign in",
  },
  reset: {
    title: "Set a new password",
    newPassword: "New password",
    confirmPassword: "Confirm new password",
    submit: "Set new password",
    done: "Your password has been changed and every session was signed out. Please sign in with your new password.",
    signIn: "Sign in",
    invalidTitle: "This link cannot be used",
    invalid: "This password reset link is invalid, has expired or has already been used.",
    askAgain: "Ask for a new link",
  },
  mail: {
    subject: "Reset your password",
    text: (name: string, link: string) =>
      `Hello ${name},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within one hour:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this email: your password stays as it is.\n`,
  },
  manager: {
    action: "Send password reset link",
    heading: "Password",
    hint: "Email them a link to set a new password, valid for one hour. Their current password works until they use it.",
    sent: (email: string) => `A password reset link was sent to ${email}`,
    inactive: "A deactivated user cannot reset their password",
  },
  sessions: {
    title: "Active sessions",
    intro: "Where you are signed in. Signing a session out takes effect on its next request.",
    started: "Started",
    lastSeen: "Last seen",
    address: "Address",
    browser: "Browser",
    current: "This session",
    signOut: "Sign out",
    signOutOthers: "Sign out all other sessions",
    empty: "No other active sessions.",
    failed: "Could not load your sessions.",
    unknownAddress: "Unknown",
    signedOut: "Session signed out",
    othersSignedOut: (count: number) => `${count} other session${count === 1 ? "" : "s"} signed out`,
    notFound: "Session not found",
    notCurrent: "Use Logout to end this session",
  },
} as const;
