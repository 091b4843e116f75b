export * from './tally-node';
export * from './xml-escape';
export * from './control-char-filter';
export * from './text-decoder';
export * from './tally-xml-reader';
export * from './xml-writer';
export * from './xml-scanner';
