/** Submissions held in RETRY with an error code, whose request payload names `payloadKey` = `value`. */
export interface HeldSubmissions {
  regime: string;
  errorCode: string;
  payloadKey: string;
  value: string;
}
