// Integration suites log warnings and errors only, unless LOG_LEVEL says otherwise.
process.env.LOG_LEVEL ??= 'warn';
