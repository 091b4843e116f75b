export { PrintService } from './print.service';
export { PRINT_CONTENT_SECURITY_POLICY, PRINT_STYLE_HASH } from './print-html';
