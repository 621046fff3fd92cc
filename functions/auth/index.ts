import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as register } from './auth_register.js';
import { operation as verifyEmail } from './auth_verify_email.js';
import { operation as questionnaire } from './auth_signup_questionnaire.js';
import { operation as login } from './auth_login.js';
import { operation as logout } from './auth_logout.js';
import { operation as passwordResetRequest } from './auth_password_reset_request.js';
import { operation as passwordResetConfirm } from './auth_password_reset_confirm.js';

/** Operations of the auth domain: one file per operation (functions/auth/<operationId>.ts). Plain REST, no MCP tools. */
export const authOperations: AnyOperation[] = [register, verifyEmail, questionnaire, login, logout, passwordResetRequest, passwordResetConfirm];
