import type { AppRoute } from '../../app/route-types';

/** Sign-in and registration: public pages outside the workspace shell. */
export const authRoutes: AppRoute[] = [
  { path: 'login', title: 'Sign in', access: 'public', page: () => import('./LoginPage') },
  { path: 'register', title: 'Create an account', access: 'public', page: () => import('./RegisterPage') },
  { path: 'register/sent', title: 'Check your mail', access: 'public', page: () => import('./RegisteredPage') },
  { path: 'signup-questionnaire', title: 'About your business', access: 'public', page: () => import('./QuestionnairePage') },
  { path: 'forgot-password', title: 'Forgot your password?', access: 'public', page: () => import('./ForgotPasswordPage') },
  { path: 'set-password', title: 'Set a new password', access: 'public', page: () => import('./SetPasswordPage') },
];
