/** The regime's routes floor, reached from outside the regime through this face. */
export { ZatcaController } from './zatca.controller';
