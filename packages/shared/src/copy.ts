/** The words users read, from the spec, written once for both sides. */
export const copy = {
  tagline: "Making homes smarter with style.",
  taglineLong: "Making homes smarter with style. Premium automation solutions for modern living.",

  sessionExpired: "Session expired. Please login again.",
  somethingWentWrong: "Something went wrong. Please try again later.",
  somethingWentWrongShort: "Something went wrong.",

  auth: {
    invalidCredentials: "Invalid email or password",
    tooManyAttempts: "Too many sign-in attempts. Please try again later.",
    signedIn: "Signed in successfully",
    signedOut: "Signed out successfully",
    unauthorized: "Please sign in to continue",
    forbidden: "You do not have permission to do this",
  },

  validation: {
    nameMin: "Name must be at least 2 characters",
    email: "Please enter a valid email address",
    phone: "Phone number must be exactly 10 digits",
    passwordMin: "Password must be at least 6 characters long",
    passwordsMismatch: "Passwords do not match",
    required: (field: string) => `${field} is required`,
    newsletterEmail: "Please enter a valid email",
    invalidInput: "Invalid input",
    unknownField: "This field is not allowed",
  },

  users: {
    notFound: "User not found",
    emailTaken: "A user with this email already exists",
    cannotDeactivateSelf: "You cannot deactivate your own account",
    lastSuperAdmin: "The last active super admin cannot be deactivated",
    onlySuperAdminCreatesSuperAdmin: "Only a super admin can grant super admin rights",
    cannotChangeStatus: "You do not have permission to activate or deactivate users",
    cannotManageBeyondOwn: "You cannot change a user who holds permissions you do not have",
    cannotChangeOwnRole: "You cannot change your own role",
    created: "User created successfully",
    updated: "User updated successfully",
    activated: "User activated successfully",
    deactivated: "User deactivated successfully",
    failedCreate: "Failed to create user",
    failedUpdate: "Failed to update user",
    failedUpdateStatus: "Failed to update user status",
    failedFetch: "Failed to fetch users",
    profileUpdated: "Profile updated successfully",
    notifyEnquiriesNotAllowed: "Only staff who can view contact requests can get new enquiries by email",
    passwordChanged: "Password changed. Your other sessions have been signed out.",
    wrongCurrentPassword: "Current password is incorrect",
    tooManyPasswordAttempts: "Too many password attempts. Please try again later.",
    samePassword: "The new password must differ from the current one",
  },

  roles: {
    notFound: "Role not found",
    nameTaken: "A role with this name already exists",
    unknownPermission: (name: string) => `Unknown permission: ${name}`,
    cannotGrant: "You cannot grant a permission you do not have",
    cannotChangeBeyondOwn: "You cannot change a role that holds permissions you do not have",
    cannotLiftOwnTwoFactor: "Only a super admin can turn off two-factor sign-in for your own role",
    created: "Role created successfully",
    updated: "Role updated successfully",
    deleted: "Role deleted successfully",
    inUse: (count: number) => `This role is assigned to ${count} user${count === 1 ? "" : "s"} and cannot be deleted`,
    failedCreate: "Failed to create role",
    failedUpdate: "Failed to update role",
    failedFetch: "Failed to fetch all roles",
    failedFetchPermissions: "Failed to fetch permissions",
  },

  settings: {
    enquiryNotifyEmailsNotAllowed:
      "Only staff who can view contact requests can change where new enquiries are emailed",
  },

  storefront: {
    productNotFound: "Product not found",
    postNotFound: "Post not found",
    enquirySubmitted: "Inquiry Submitted Successfully!",
    /**
     * The footer sign-up's answer without double opt-in (spec section 8), the same for every address: someone
     * who had unsubscribed gets it too, and a confirmation email, so the answer says nothing about them.
     */
    subscribed: "Subscribed successfully!",
  },

  errors: {
    notFound: "Not found",
    routeNotFound: "Route not found",
    badUrl: "The address is not valid",
    malformedJson: "The request body is not valid JSON",
    bodyTooLarge: "The request body is too large",
    nestedTooDeeply: "The request body is nested too deeply",
    unsupportedMediaType: "Unsupported content type",
    tooManyRequests: "Too many requests. Please try again later.",
    databaseUnavailable: "The service is temporarily unavailable",
    serverBusy: "The server is busy. Please try again in a few seconds.",
    exportsBusy: "Other exports are being prepared. Please try again in a few seconds.",
  },
} as const;
