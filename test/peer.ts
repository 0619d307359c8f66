import { recordPeerAddresses } from '@/lib/http/peer-address';

/**
 * The header the Node server writes on every request it accepts: the TCP peer's address. Route handlers called
 * in-process get none unless a test adds it — a request "from" 127.0.0.1 is one our loopback proxy passed on.
 */
export const fromPeer = (address = '127.0.0.1'): Record<string, string> => ({ [recordPeerAddresses()]: address });
