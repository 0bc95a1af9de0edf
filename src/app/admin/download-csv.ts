/**
 * Saves a CSV the API answers (a statement, the subscribers) as a file: read with the session's token like every
 * API request (a plain link would go without it), the UTF-8 byte order mark put back (fetch drops it) so
 * spreadsheets read Arabic names right, then handed to the browser as a download.
 */
import { apiRequest } from '../auth/api-client';

export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const text = await apiRequest<string | undefined>('GET', path);
  const blob = new Blob([`\uFEFF${typeof text === 'string' ? text : ''}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
