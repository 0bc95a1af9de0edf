import { createContext, use, type ReactNode } from 'react';
import type { DataClient } from './data-client';

const DataClientContext = createContext<DataClient | null>(null);

export function DataClientProvider({ client, children }: { client: DataClient; children: ReactNode }) {
  return <DataClientContext value={client}>{children}</DataClientContext>;
}

export function useDataClient(): DataClient {
  const client = use(DataClientContext);
  if (!client) throw new Error('useDataClient needs a <DataClientProvider> above it');
  return client;
}
