/** The regime's routes floor, reached from outside the regime through this face. */
export { EwaybillController } from './ewaybill.controller';
