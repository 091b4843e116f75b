import { DEFAULT_SANDBOX_PORTS, sandboxPortsFromEnv } from './sandbox-ports';

describe('sandboxPortsFromEnv', () => {
  it('gives the documented defaults', () => {
    expect(sandboxPortsFromEnv({})).toEqual({
      einvoiceGsp: 4101,
      einvoiceApi: 4102,
      zatca: 4103,
      tally: 4104,
      returnsGateway: 4105,
    });
    expect(DEFAULT_SANDBOX_PORTS.zatca).toBe(4103);
  });

  it('takes SANDBOX_<SERVICE>_PORT by the service name in capitals, 0 for any free port', () => {
    expect(sandboxPortsFromEnv({ SANDBOX_EINVOICEGSP_PORT: '5101', SANDBOX_ZATCA_PORT: '0' })).toMatchObject({
      einvoiceGsp: 5101,
      zatca: 0,
      tally: 4104,
    });
  });

  it('refuses a value that is not a port, naming the variable', () => {
    expect(() => sandboxPortsFromEnv({ SANDBOX_TALLY_PORT: 'abc' })).toThrow(
      'SANDBOX_TALLY_PORT must be a port number (0 for any free port), got "abc"',
    );
    expect(() => sandboxPortsFromEnv({ SANDBOX_TALLY_PORT: '70000' })).toThrow(/SANDBOX_TALLY_PORT/);
  });
});
