/**
 * What an order's progress events call it: a hash of its id. The diner who placed it knows the id
 * and can tell the event is theirs; anyone else reading the branch's public stream learns nothing.
 * (Its own file: the order views and the kitchen's both need it.)
 */
import { createHash } from 'node:crypto'

export const progressRef = (orderId: string): string => createHash('sha256').update(`order-progress|${orderId}`).digest('hex').slice(0, 20)
