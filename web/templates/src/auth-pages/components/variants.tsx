import { ForgotPasswordDemo } from './forgot-password-demo'
import { LoginDemo } from './login-demo'
import { RegisterDemo } from './register-demo'
import { ResetPasswordDemo } from './reset-password-demo'
import { TwoStepsDemo } from './two-steps-demo'
import { VerifyEmailDemo } from './verify-email-demo'

// One named component per route file, so page files stay one-liners.
export const LoginV1 = () => <LoginDemo variant="v1" />
export const LoginV2 = () => <LoginDemo variant="v2" />
export const RegisterV1 = () => <RegisterDemo variant="v1" />
export const RegisterV2 = () => <RegisterDemo variant="v2" />
export const ForgotPasswordV1 = () => <ForgotPasswordDemo variant="v1" />
export const ForgotPasswordV2 = () => <ForgotPasswordDemo variant="v2" />
export const ResetPasswordV1 = () => <ResetPasswordDemo variant="v1" />
export const ResetPasswordV2 = () => <ResetPasswordDemo variant="v2" />
export const TwoStepsV1 = () => <TwoStepsDemo variant="v1" />
export const TwoStepsV2 = () => <TwoStepsDemo variant="v2" />
export const VerifyEmailV1 = () => <VerifyEmailDemo variant="v1" />
export const VerifyEmailV2 = () => <VerifyEmailDemo variant="v2" />
