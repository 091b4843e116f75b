/** Reads a JSON response body as a loosely typed value: tests assert on its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function json(response: Response): Promise<Json> {
  return response.json();
}
