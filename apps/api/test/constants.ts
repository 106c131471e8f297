export const testAdmin = { email: "admin@example.com", password: "admin-password-123", name: "Test Admin" };
export const testJwtSecret = "test-secret-that-is-long-enough-0123456789";
