# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.cmid: rdma_cm identifiers, address info and event channels."""

import errno as _errno

from ._compat import Verbs, compat_class, PyverbsRDMAError

__all__ = ['CMID', 'AddrInfo', 'CMEventChannel', 'ConnParam', 'UDParam', 'CMEvent',
           'JoinMCAttrEx']

import collections as _collections
import time as _time

from gi.repository import GLib as _GLib, GObject as _GObject

from .pyverbs_error import PyverbsError

# How long CMEvent(channel) waits for the next event
CM_EVENT_TIMEOUT = 60


def _queue(channel):
    """The events of a channel not read yet (pyverbs reads them one by one
    with CMEvent(channel); libgverbs emits them as signals)."""
    q = channel.__dict__.get('_pyverbs_events')
    if q is None:
        q = channel.__dict__['_pyverbs_events'] = _collections.deque()
    return q


class CMEvent:
    """The next rdma_cm event of a channel: event_type, private_data,
    event_str(), ack_cm_event(). It runs the thread-default main context, on
    which libgverbs dispatches the channel, until one is there."""

    def __init__(self, channel, **kwargs):
        q = _queue(channel)
        ctx = _GLib.MainContext.default()
        deadline = _time.monotonic() + CM_EVENT_TIMEOUT
        tick = _GLib.timeout_add(50, lambda: True)
        try:
            while not q:
                if _time.monotonic() > deadline:
                    raise PyverbsRDMAError('Failed to get CM event', _errno.ETIMEDOUT)
                ctx.iteration(True)
        finally:
            _GLib.source_remove(tick)
        ev = q.popleft()
        self.event_type = ev['type']
        self.status = ev['status']
        self.private_data = ev.get('private_data')
        self.id = ev['cmid']
        self.new_id = ev.get('new_id')
        self.ud_param = ev.get('ud_param')

    def event_str(self):
        try:
            return _Verbs.CMEventType(self.event_type).value_nick
        except ValueError:
            return 'unknown event %d' % self.event_type

    def ack_cm_event(self):
        pass

    def close(self):
        pass


from gi.repository import Verbs as _Verbs  # noqa: E402

_ET = _Verbs.CMEventType


def _watch(cmid, channel):
    """Queues every event of cmid on its channel's CMEvent queue."""
    q = _queue(channel)

    def on_event(cid, etype, status):
        ev = {'type': int(etype), 'status': status, 'cmid': cid}
        if int(etype) in (int(_ET.ESTABLISHED), int(_ET.MULTICAST_JOIN)):
            try:
                ev['ud_param'] = cid.get_ud_param()
            except _GLib.Error:
                ev['ud_param'] = None
        q.append(ev)

    def data(private_data):
        if private_data is None:
            return None
        if hasattr(private_data, 'get_data'):  # GLib.Bytes
            return bytes(private_data.get_data() or b'')
        return bytes(private_data)

    def on_request(cid, new_id, private_data):
        if q and q[-1]['type'] == int(_ET.CONNECT_REQUEST):
            q[-1]['new_id'] = new_id
            q[-1]['private_data'] = data(private_data)
        _watch(new_id, channel)

    def on_rejected(cid, reason, private_data):
        if q and q[-1]['type'] == int(_ET.REJECTED):
            q[-1]['private_data'] = data(private_data)

    _GObject.Object.connect(cmid, 'event', on_event)
    _GObject.Object.connect(cmid, 'connect-request', on_request)
    _GObject.Object.connect(cmid, 'rejected', on_rejected)


def _finish(name):
    def done(cid, result, *args):
        try:
            getattr(_Verbs.CMID, name)(cid, result)
        except _GLib.Error:
            pass  # the matching *_ERROR event is queued by the channel
    return done


class _CMIDBase(_Verbs.CMID):
    __gtype__ = _Verbs.CMID.__gtype__

    def __new__(cls, creator=None, *args, **kwargs):
        if isinstance(creator, CMEvent):
            # pyverbs' CMID(creator=cm_event, listen_id=...): the new id of
            # a connection request
            child = creator.new_id
            if child is None:
                raise PyverbsUserError('CMID from an event needs a CONNECT_REQUEST event')
            child.__class__ = cls
            child.__dict__['_pyverbs_child'] = True
            return child
        return _Verbs.CMID.__new__(cls)

    def __init__(self, creator=None, *args, **kwargs):
        if self.__dict__.get('_pyverbs_child'):
            return
        _Verbs.CMID.__init__(self, creator, *args, **kwargs)
        if isinstance(creator, _Verbs.EventChannel):
            _watch(self, creator)

    @property
    def event_channel(self):
        return self.get_event_channel()

    def resolve_addr(self, addr_info, timeout_ms=2000):
        self.resolve_addr_async(addr_info, timeout_ms, None, _finish('resolve_addr_finish'))

    def resolve_route(self, timeout_ms=2000):
        self.resolve_route_async(timeout_ms, None, _finish('resolve_route_finish'))

    def join_multicast(self, addr=None, mc_attr=None, context=None):
        if addr is None and mc_attr is not None:
            addr = mc_attr.addr
        return _Verbs.CMID.join_multicast(self, addr)

    def get_remote_ece(self):
        return _Verbs.CMID.query_remote_ece(self)

    def disconnect(self, *args):
        if args:
            return _GObject.Object.disconnect(self, *args)
        try:
            self.shutdown()
        except _GLib.Error as err:
            # rdma_disconnect() after the peer's DISCONNECTED is harmless in
            # pyverbs: the connection is down already
            if not err.matches(_Verbs.error_quark(), _Verbs.Error.INVALID_ARGUMENT):
                raise


CMID = compat_class(_CMIDBase, 'CMID', messages={
    '__init__': 'Failed to create CM ID',
    'bind_addr': 'Failed to Bind ID',
    'resolve_addr': 'Failed to Resolve Address',
    'resolve_route': 'Failed to Resolve Route',
    'listen': 'Listen Failed',
    'connect': 'Failed to Connect',
    'accept': 'Failed to Accept Connection',
    'get_request': 'Failed to get request',
    'reject': 'Failed to Reject',
    'disconnect': 'Failed to Disconnect',
    'post_send': 'Failed to Post Send',
    'post_recv': 'Failed to Post Receive',
    'join_multicast': 'Failed to join multicast',
    'leave_multicast': 'Failed to leave multicast',
    'set_option': 'Failed to set option',
    'set_local_ece': 'Failed to set local ECE',
    'get_remote_ece': 'Failed to get remote ECE',
}, namespace={'__module__': 'pyverbs.cmid'})

AddrInfo = compat_class(Verbs.AddrInfo, 'AddrInfo', messages={
    '__init__': 'Failed to get Address Info',
}, namespace={'__module__': 'pyverbs.cmid'})

CMEventChannel = compat_class(Verbs.EventChannel, 'CMEventChannel', messages={
    '__init__': 'Failed to create CM event channel',
}, namespace={'__module__': 'pyverbs.cmid'})

ConnParam = Verbs.ConnParam


def UDParam(cm_event=None):
    """pyverbs' UDParam(cm_event): the UD peer or multicast group of an
    ESTABLISHED or MULTICAST_JOIN event."""
    if isinstance(cm_event, CMEvent):
        return cm_event.ud_param
    return Verbs.UDParam()


class JoinMCAttrEx:
    def __init__(self, addr=None, comp_mask=0, join_flags=0):
        self.addr, self.comp_mask, self.join_flags = addr, comp_mask, join_flags
