/**
 * A compliance regime's name, as config, API filters and submissions use it (`in-einvoice`, `sa-zatca`).
 * The names are the registered regimes' own (src/regimes/index.ts): the domain keeps no list of them.
 * A configured name no registered regime provides stops the boot; the API's document lists the
 * registered ones wherever a regime is named (REGISTERED_REGIME).
 */
export type RegimeName = string;

/** The form of a regime name: a country or area code, a dash, the regime (`in-einvoice`, `my-invois`). */
export const REGIME_NAME_PATTERN = /^[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The enum placeholder of a property or parameter that takes a registered regime's name; the OpenAPI
 * document replaces it with the names registered in the build it describes.
 */
export const REGISTERED_REGIME = ['<registered regime>'] as const;
