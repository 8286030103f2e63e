// What a person can do about each error code the backend returns.

const hints: Record<string, string> = {
  unreachable: 'Is the server running? Check the base URL.',
  unauthorized: 'Check the API key.',
  model_not_found: 'Pull or load the model on the server, or choose another model.',
  timeout: 'The server took too long to answer. Is it busy, or is the base URL right?',
  rate_limited: 'The provider is limiting requests. Wait a moment, then try again.',
  stream_interrupted: 'The connection dropped part-way through. Try again.',
  bad_response:
    "The server answered, but not like this kind of provider. Check the kind and the base URL (OpenAI-compatible URLs usually end in /v1).",
  provider_error: 'The provider reported an error. Its own logs may say more.',
  not_found: 'This provider no longer exists. Reload the list.',
  bad_request: 'Check the values you entered.',
  conflict: 'Something with the same name already exists.',
  internal: 'Something went wrong inside Lexflow. Try again; if it keeps happening, check its log.',
};

export function hintFor(code: string | undefined | null): string | undefined {
  return code ? hints[code] : undefined;
}

/** A short label for a provider's last status code, for the status dot. */
export function statusLabel(lastStatus: string): string {
  if (!lastStatus) return 'Not checked yet';
  if (lastStatus === 'ok') return 'Connected';
  const labels: Record<string, string> = {
    unreachable: 'Unreachable',
    unauthorized: 'API key rejected',
    timeout: 'Timed out',
    model_not_found: 'Model not found',
    rate_limited: 'Rate limited',
    bad_response: 'Unexpected response',
  };
  return labels[lastStatus] ?? `Error: ${lastStatus.replace(/_/g, ' ')}`;
}
