import { useMemo } from 'react';
import { driverById, type CoreDriver, type DriverId } from '../content/drivers';
import { driverWordKey } from '../shared/word-merge';
import { useSiteConfig } from './site-config';

/**
 * A driver with the coach's description and scenario, where they wrote them. Apart from ./words.ts:
 * the drivers' texts belong to the quiz's and the results' chunks, never to the landing page's.
 */
export function useDriver(id: DriverId): CoreDriver {
  const { words } = useSiteConfig();
  return useMemo(() => {
    const driver = driverById(id);
    const description = words?.[driverWordKey(id, 'description')];
    const scenario = words?.[driverWordKey(id, 'scenario')];
    return description === undefined && scenario === undefined
      ? driver
      : { ...driver, description: description ?? driver.description, scenario: scenario ?? driver.scenario };
  }, [id, words]);
}
