/** The regime's routes floor, reached from outside the regime through this face. */
export { IrnCallbackController } from './irn-callback.controller';
export { RejectedIrnsController } from './rejected-irns.controller';
