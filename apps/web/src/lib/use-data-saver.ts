import { useSyncExternalStore } from 'react';
import { dataSaver } from './data-saver.ts';

/** Whether data saver is on, kept current when the member or the browser changes it. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(dataSaver.subscribe, dataSaver.isOn, () => false);
}
