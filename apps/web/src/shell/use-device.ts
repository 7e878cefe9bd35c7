import { useEffect, useState } from 'react';

/** Spec §4/§9: the device is mobile when the page width minus 3 is under 1024 px. */
export const MOBILE_BREAKPOINT = 1024;
export const isMobileWidth = (width: number) => width - 3 < MOBILE_BREAKPOINT;

export type Device = 'desktop' | 'mobile';

export function useDevice(): Device {
  const read = (): Device => (isMobileWidth(document.body.getBoundingClientRect().width || window.innerWidth) ? 'mobile' : 'desktop');
  const [device, setDevice] = useState<Device>(read);
  useEffect(() => {
    const onResize = () => setDevice(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return device;
}
