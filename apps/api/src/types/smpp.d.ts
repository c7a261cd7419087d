// The parts of the untyped `smpp` package (SMPP 3.4/5.0 client and server) the SMS gateway and its tests use.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export type PduParams = Record<string, unknown>;

  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [param: string]: unknown;
    response(params?: PduParams): PDU;
    isResponse(): boolean;
  }

  export interface Session extends EventEmitter {
    socket: Socket;
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void, sendCallback?: (pdu: PDU) => void): boolean;
    bind_transceiver(params: PduParams, callback?: (pdu: PDU) => void): boolean;
    submit_sm(params: PduParams, callback?: (pdu: PDU) => void): boolean;
    deliver_sm(params: PduParams, callback?: (pdu: PDU) => void): boolean;
    unbind(params?: PduParams, callback?: (pdu: PDU) => void): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { url: string; auto_enquire_link_period?: number; connectTimeout?: number }): Session;
  export function createServer(listener: (session: Session) => void): Server;
  export function addTLV(tag: string, options: { id: number; type: unknown }): void;
  export const types: { tlv: { cstring: unknown; int8: unknown; int16: unknown; int32: unknown; string: unknown } };
  export const ESME_ROK: number;
  export const ESME_RSYSERR: number;
  export const ESME_RMSGQFUL: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RX_T_APPN: number;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    addTLV: typeof addTLV;
    types: typeof types;
    ESME_ROK: number;
    ESME_RSYSERR: number;
    ESME_RMSGQFUL: number;
    ESME_RTHROTTLED: number;
    ESME_RBINDFAIL: number;
    ESME_RX_T_APPN: number;
  };
  export default smpp;
}
