import { providerCallRegistry, recordProviderCall } from './provider-calls';

describe('provider call metrics', () => {
  it('counts attempts by outcome, errors for no answer, 429 and 5xx, and observes latency', async () => {
    recordProviderCall({ provider: 'spec-gsp', operation: 'generate', status: 200, durationMs: 120 });
    recordProviderCall({ provider: 'spec-gsp', operation: 'generate', status: 503, durationMs: 40 });
    recordProviderCall({
      provider: 'spec-gsp',
      operation: 'generate',
      error: 'ETIMEDOUT',
      durationMs: 30_000,
    });
    const text = await providerCallRegistry.metrics();
    expect(text).toContain(
      'connector_provider_calls_total{provider="spec-gsp",operation="generate",outcome="200"} 1',
    );
    expect(text).toContain(
      'connector_provider_calls_total{provider="spec-gsp",operation="generate",outcome="ETIMEDOUT"} 1',
    );
    expect(text).toContain(
      'connector_provider_call_errors_total{provider="spec-gsp",operation="generate"} 2',
    );
    expect(text).toContain(
      'connector_provider_call_duration_seconds_bucket{le="0.25",provider="spec-gsp",operation="generate"} 2',
    );
    expect(text).toContain(
      'connector_provider_call_duration_seconds_count{provider="spec-gsp",operation="generate"} 3',
    );
  });
});
