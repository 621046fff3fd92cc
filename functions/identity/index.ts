import { operation as signup } from './v1_signup.js';
import { operation as me } from './v1_me.js';
import { operation as messages } from './v1_messages_send.js';
import { operation as health } from './v1_health.js';
import { operation as signupConfirm } from './v1_signup_confirm.js';
import { operation as signupAcceptTerms } from './v1_signup_accept_terms.js';
import { operation as signupTerms } from './v1_signup_terms.js';
import { operation as passwordLink } from './v1_password_link.js';

export const identityOperations = [signup, me, messages, health, signupConfirm, signupAcceptTerms, signupTerms, passwordLink];
