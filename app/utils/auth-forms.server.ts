// Route modules reach their zod schemas through this .server module: Remix empties it in the
// browser build, so zod stays out of the sign-in screens' JavaScript.
export {
  confirmEmailSchema,
  forgotPasswordSchema,
  loginFormSchema,
  verifyCodeFormSchema,
  verifyFormSchema,
} from '~/contract/auth'
