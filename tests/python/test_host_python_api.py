# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests of the Python override's own behaviour (issue 13): where its
signatures differ from C, pickling paths, what MR.read returns, the
override being in place, and the one-call WR/SGE constructors."""
import os
import pickle
import subprocess
import sys

import gi
gi.require_version('Verbs', '1.0')
from gi.module import get_introspection_module  # noqa: E402
from gi.repository import GLib, Verbs  # noqa: E402
import pytest  # noqa: E402


class _FakeMR:
    length = 4096


@pytest.mark.parametrize('call', [
    lambda: Verbs.CMID.post_recv(None, _FakeMR(), 0, 256, 1),
    lambda: Verbs.CMID.post_send(None, _FakeMR(), 0, 256, Verbs.IBV_SEND_SIGNALED, 1),
    lambda: Verbs.CMID.post_write(None, _FakeMR(), 0, 64, 0x1000, 5, 0, 1),
    lambda: Verbs.CMID.post_read(None, _FakeMR(), 0, 64, 0x1000, 5, 0, 1),
    lambda: Verbs.CMID.post_ud_send(None, _FakeMR(), None, 0, 0, 256, 0, 1),
])
def test_cmid_post_in_c_argument_order_is_an_error(call):
    # C's gverbs_cm_id_post_recv (self, mr, offset, length, wr_id): in
    # Python the signature is pyverbs' one, so the C order must not post
    # other bytes than meant (it used to post a receive of length 0)
    with pytest.raises(TypeError) as e:
        call()
    assert 'keyword-only' in str(e.value) and 'C argument order' in str(e.value)


def test_path_pickles_through_from_bytes():
    path = Verbs.Path(1, dqpn=0x1234, sqpn=0x55, DGID='fe80::2', SGID='fe80::1', qkey=0x11,
                      dqpsn=7, sqpsn=9, MTU=Verbs.MTU(3))
    data = pickle.dumps(path)
    back = pickle.loads(data)
    assert isinstance(back, Verbs.Path)
    assert (back.dqpn, back.sqpn, back.qkey, back.dqpsn, back.sqpsn) == (0x1234, 0x55, 0x11, 7, 9)
    assert str(back.dgid) == str(path.dgid) and str(back.sgid) == str(path.sgid)
    assert back.to_bytes() == path.to_bytes()
    # a fresh interpreter unpickles it too (the side channel's other end)
    env = dict(os.environ)
    code = ('import gi, pickle, sys; gi.require_version("Verbs", "1.0"); '
            'p = pickle.loads(sys.stdin.buffer.read()); print(p.dqpn, p.qkey)')
    out = subprocess.run([sys.executable, '-c', code], input=data, capture_output=True,
                         env=env, check=True)
    assert out.stdout.split() == [b'4660', b'17']


class _TamperedPath:
    """What a peer could send instead of a pickled path: the same reduce
    call as Path's own, with bytes of its choosing."""

    def __init__(self, blob):
        self.blob = blob

    def __reduce__(self):
        return pickle.loads(pickle.dumps(Verbs.Path(1))).__reduce__()[0], (self.blob,)


@pytest.mark.parametrize('blob', [b'\0' * (Verbs.PATH_WIRE_MAX_SIZE + 1), b'garbage'],
                         ids=['too-long', 'garbage'])
def test_path_unpickling_checks_like_from_bytes(blob):
    reduced = Verbs.Path(1, dqpn=1).__reduce__()
    assert reduced[1] == (Verbs.Path(1, dqpn=1).to_bytes(),)
    with pytest.raises(GLib.Error):
        pickle.loads(pickle.dumps(_TamperedPath(blob)))


def test_mr_read_is_documented_as_bytes():
    assert 'bytes' in Verbs.MR.read.__doc__ and 'GBytes' in Verbs.MR.read.__doc__


def test_override_is_loaded_and_raw_objects_say_so():
    # gi.repository.Verbs is the override, not the bare typelib module
    assert Verbs.Context.__module__ == 'gi.overrides.Verbs'
    assert hasattr(Verbs, 'IBV_ACCESS_LOCAL_WRITE')
    # without it (an uninstalled override), constructors do not run
    # g_initable_init(): the first call says what is missing
    raw = get_introspection_module('Verbs')
    ctx = raw.Context(name='no-such-device')
    with pytest.raises(GLib.Error) as e:
        ctx.query_device()
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.NOT_INITIALIZED)
    assert 'gi/overrides/Verbs.py' in e.value.message


def test_one_call_constructors_keep_pyverbs_semantics():
    sge = Verbs.SGE(0x1000, 64, 7)
    wr = Verbs.SendWR(wr_id=3, opcode=Verbs.IBV_WR_RDMA_WRITE, num_sge=1, sg=[sge],
                      send_flags=0, imm_data=5)
    assert (wr.wr_id, wr.opcode, int(wr.send_flags), wr.imm_data, wr.num_sge) == \
        (3, Verbs.WROpcode.RDMA_WRITE, 0, 5, 1)
    assert wr.dup_sge(0).addr == 0x1000 and wr.next_wr is None
    rwr = Verbs.RecvWR(4, 2, [sge, Verbs.SGE(0x2000, 8, 9)], next_wr=wr)
    assert rwr.num_sge == 2 and rwr.dup_sge(1).lkey == 9 and rwr.next_wr is wr
    assert Verbs.SendWR(sg=sge).num_sge == 1
    with pytest.raises(GLib.Error):
        Verbs.RecvWR(0, 0, [sge] * 40)
    with pytest.raises(GLib.Error):
        Verbs.SGE(-1, 1, 1)


def test_missing_override_does_not_fall_back_silently():
    # a process whose gi.overrides path lacks Verbs.py (the override not
    # installed): PyGObject hands out the bare typelib module, whose first
    # call on an object the override would have initialized says so
    code = ('import gi, gi.overrides, os\n'     # every gi/overrides directory but Verbs'
            'gi.overrides.__path__[:] = [p for p in gi.overrides.__path__\n'
            '    if not os.path.exists(os.path.join(p, "Verbs.py"))]\n'
            'gi.require_version("Verbs", "1.0")\n'
            'from gi.repository import GLib, Verbs\n'
            'print(Verbs.Context.__module__, hasattr(Verbs, "IBV_ACCESS_LOCAL_WRITE"))\n'
            'try:\n'
            '    Verbs.Context(name="no-such-device").query_device()\n'
            'except GLib.Error as e:\n'
            '    print(e.code == int(Verbs.Error.NOT_INITIALIZED), e.message)\n')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, check=True,
                         text=True).stdout.splitlines()
    assert out[0] == 'gi.repository.Verbs False'      # really without the override
    assert out[1].startswith('True ') and 'gi/overrides/Verbs.py' in out[1]


def test_object_properties_refuse_another_class():
    # GObject only warns and drops an object of the wrong class; the override
    # refuses it, in constructors and attribute setters alike
    cap = Verbs.QPCap()
    with pytest.raises(TypeError, match='pd must be a PD or None, not QPInitAttr'):
        Verbs.WQInitAttr(wq_pd=Verbs.QPInitAttr())
    attr = Verbs.QPInitAttrEx()
    with pytest.raises(TypeError, match='ind_table must be a RwqIndTable'):
        attr.ind_table = attr
    with pytest.raises(TypeError):
        attr.hash_conf = cap
    assert attr.ind_table is None and attr.hash_conf is None


def test_table_constructors_say_their_signature():
    # the constructors built from the _CTORS table: pyverbs' positional order,
    # defaults and conversions, and the signature in __doc__
    assert Verbs.WQInitAttr.__init__.__doc__.startswith('WQInitAttr(wq_context=None, wq_pd=None')
    attr = Verbs.WQInitAttr(None, None, None, Verbs.IBV_WQT_RQ, 16, 2)
    assert (attr.max_wr, attr.max_sge, attr.comp_mask) == (16, 2, 0)
    cq_attr = Verbs.CqInitAttrEx(64, None, 0, Verbs.IBV_WC_EX_WITH_BYTE_LEN)
    assert (cq_attr.cqe, int(cq_attr.wc_flags), cq_attr.comp_channel) == (64, 1, None)
    with pytest.raises(TypeError, match='WQ\\(\\) needs ctx'):
        Verbs.WQ()
    with pytest.raises(GLib.Error) as e:
        Verbs.WQAttr(attr_mask=1 << 20)
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.INVALID_ARGUMENT)
    param = Verbs.ConnParam(3, 4, retry=6)
    assert (param.responder_resources, param.initiator_depth, param.retry_count) == (3, 4, 6)
    # QPInitAttrEx: QPInitAttr's arguments then the extended ones; sq_sig_all defaults to 0
    # (pyverbs') and 1 sets it; no cap: QPInitAttr's default capacities
    ex = Verbs.QPInitAttrEx(Verbs.IBV_QPT_RC, 'ctx', sq_sig_all=1, create_flags=0, source_qpn=5)
    assert (ex.qp_type, ex.qp_context, ex.sq_sig_all, ex.source_qpn) == (
        Verbs.IBV_QPT_RC, 'ctx', True, 5)
    ex = Verbs.QPInitAttrEx()
    assert (ex.sq_sig_all, ex.max_send_wr, ex.max_recv_wr, ex.qp_context) == (False, 1, 10, None)


def test_subclass_init_may_pass_pyverbs_arguments_on():
    # pyverbs code subclasses SGE/SendWR/RecvWR and forwards its arguments to
    # super().__init__(); the object is made by __new__, which sets the fields
    class Tagged(Verbs.SendWR):
        def __init__(self, *args, tag=None, **kwargs):
            super().__init__(*args, **kwargs)
            self.tag = tag

    class Recv(Verbs.RecvWR):
        def __init__(self, wr_id=0, num_sge=0, sg=None):
            super().__init__(wr_id, num_sge, sg)

    class Sge(Verbs.SGE):
        def __init__(self, addr=0, length=0, lkey=0):
            super().__init__(addr, length, lkey)

    sge = Sge(0x1000, 64, 7)
    wr = Tagged(wr_id=5, opcode=Verbs.IBV_WR_SEND, num_sge=1, sg=[sge])
    assert (type(wr), wr.wr_id, wr.num_sge, wr.tag) == (Tagged, 5, 1, None)
    assert (type(sge), sge.addr, sge.length, sge.lkey) == (Sge, 0x1000, 64, 7)
    assert Recv(6, 1, [sge]).wr_id == 6

    # field constructors whose C new() takes no arguments (WC) keep the subclass
    # and its fields too, with or without an __init__ of its own
    class Completion(Verbs.WC):
        pass

    class Counted(Verbs.WC):
        def __init__(self, wr_id=0, **kwargs):
            super().__init__(wr_id=wr_id, **kwargs)
            self.seen = True

    wc = Completion(wr_id=3, byte_len=64)
    assert (type(wc), wc.wr_id, wc.byte_len) == (Completion, 3, 64)
    wc = Counted(4, qp_num=9)
    assert (type(wc), wc.wr_id, wc.qp_num, wc.seen) == (Counted, 4, 9, True)


def test_aliases_and_subclasses_by_rule():
    # _ALIASES names struct fields and methods too; a subclass WR is C's own WR
    wr = Verbs.SendWR(wr_id=1, opcode=Verbs.IBV_WR_RDMA_WRITE, num_sge=1, sg=[Verbs.SGE(1, 2, 3)])
    wr.set_wr_rdma(0x55, 0x1000)
    assert (wr.rdma_rkey, wr.rdma_remote_addr) == (0x55, 0x1000)
    param = Verbs.ConnParam(qp_num=9)
    assert param.qpn == 9
    assert Verbs.CQ.req_notify_cq is Verbs.CQ.req_notify
    assert Verbs.CQEX.poll_next is Verbs.CQEX.next_poll

    class Tagged(Verbs.SendWR):
        pass
    head = Verbs.SendWR(wr_id=7)
    sges = [Verbs.SGE(0x10, 4, 1), Verbs.SGE(0x20, 8, 2)]
    tagged = Tagged(wr_id=8, opcode=3, num_sge=1, sg=sges, send_flags=0, next_wr=head)
    assert type(tagged) is Tagged and isinstance(tagged, Verbs.SendWR)
    assert (tagged.wr_id, tagged.num_sge, tagged.next_wr) == (8, 1, head)
    assert [(s.addr, s.length) for s in tagged.sg_list] == [(0x10, 4)]
    assert int(tagged.opcode) == 3 and int(tagged.send_flags) == 0

    path = Verbs.IBPath(2, dqpn=77, DGID='fe80::9')
    for copy in (path.copy(), Verbs.IBPath.from_bytes(path.to_bytes())):
        assert type(copy) is Verbs.IBPath and copy is not path
        assert (copy.port_num, copy.dqpn, str(copy.dgid)) == (2, 77, str(path.dgid))


def test_module_reads_need_no_python_hook():
    # every name of gi.repository.Verbs is read without a Python-level __getattr__ on
    # its class; a name the override does not export is looked up once, then kept
    assert '__getattr__' not in vars(type(Verbs))
    assert Verbs.IBV_QPT_RC is Verbs.QPType.RC
    Verbs.__dict__.pop('get_devices', None)
    assert Verbs.get_devices is get_introspection_module('Verbs').get_devices
    assert 'get_devices' in Verbs.__dict__
    assert 'QPType' in dir(Verbs) and 'IBV_QPT_RC' in dir(Verbs)
    with pytest.raises(AttributeError):
        Verbs.no_such_name
    with pytest.raises(AttributeError):
        Verbs.__no_such_dunder__


def test_ctors_subclass_binds_its_own_arguments():
    # the one-call constructor has the class's signature; a subclass takes its own (a
    # keyword the class has at another position included) and is made by its __init__
    class DepthAttr(Verbs.QPInitAttr):
        def __init__(self, depth, qp_type=Verbs.QPType.RC):
            super().__init__(qp_type, cap=Verbs.QPCap(depth, depth))
    attr = DepthAttr(7, qp_type=Verbs.QPType.UC)
    assert type(attr) is DepthAttr and attr.qp_type == Verbs.QPType.UC
    assert (attr.max_send_wr, attr.max_recv_wr) == (7, 7)


def test_ctors_positional_call_is_one_c_call(monkeypatch):
    # a _CTORS class whose C new() takes its properties in pyverbs' order makes pyverbs'
    # call, by position or keyword, in C (no property-by-property construction), with
    # __init__'s checks and errors; other types and a subclass take __init__'s path
    import gi.overrides.Verbs as override
    made = []
    plain = override._init_checked
    monkeypatch.setattr(override, '_init_checked', lambda *a, **k: made.append(1) or plain(*a, **k))
    attr = Verbs.WQAttr(Verbs.WQAttrMask(1), Verbs.WQState.RDY)
    init = Verbs.WQInitAttr('mine', None, None, Verbs.WQType.RQ, 7)
    assert made == []
    assert (int(attr.attr_mask), attr.wq_state, init.max_wr, init.wq_context) == (
        1, Verbs.WQState.RDY, 7, 'mine')
    assert Verbs.WQInitAttr().wq_context is None and made == []
    by_keyword = Verbs.WQAttr(attr_mask=1, wq_state=Verbs.WQState.RDY)
    assert made == [1] and by_keyword.wq_state == attr.wq_state
    assert Verbs.WQInitAttr(wq_context='k').wq_context == 'k' and made == [1]
    # the same errors either way: range, enum value, object class, missing argument
    for cls, args, code, text in (
            (Verbs.TDInitAttr, (1 << 40,), Verbs.Error.OUT_OF_RANGE, 'comp_mask 1099511627776 is'),
            (Verbs.WQAttr, (1 << 40,), Verbs.Error.INVALID_ARGUMENT, 'attr_mask 0x10000000000'),
            (Verbs.WQAttr, (Verbs.WQAttrMask(0), 99), Verbs.Error.INVALID_ARGUMENT,
             'wq_state 99 is not a WQState value')):
        with pytest.raises(GLib.Error) as e:
            cls(*args)
        assert e.value.matches(Verbs.error_quark(), code) and text in e.value.message
    with pytest.raises(TypeError, match='pd must be a PD or None, not int'):
        Verbs.WQInitAttr(None, 5)
    with pytest.raises(TypeError, match='CQ\\(\\) needs context'):
        Verbs.CQ()
    with pytest.raises(GLib.Error, match='needs a context'):
        Verbs.PD(None)   # not nullable in C: made property by property, which refuses it


def test_settable_properties_read_through_their_c_getters():
    # a settable property with a C getter that returned what the property did is read
    # through the getter (half the cost); writes keep their checks; a boxed value (a new
    # copy each read) and a read-only property keep get_property()
    import gi.overrides.Verbs as override
    attr = Verbs.CqInitAttrEx(cqe=9)
    assert attr.cqe == 9
    assert type(vars(Verbs.CqInitAttrEx)['cqe']) is override._Getter
    attr.cqe = 7
    assert attr.cqe == 7 == attr.get_property('cqe') == attr.get_cqe()
    with pytest.raises(GLib.Error) as e:
        attr.cqe = 1 << 40
    assert e.value.matches(Verbs.error_quark(), Verbs.Error.OUT_OF_RANGE)
    assert attr.cqe == 7
    qp_attr = Verbs.QPAttr()
    assert qp_attr.cap.max_send_wr == 0
    assert type(vars(Verbs.QPAttr)['cap']) is override._Prop
    device = Verbs.Device()
    assert device.index == device.get_index()
    assert type(vars(Verbs.Device)['index']) is override._Prop


def test_every_name_dir_lists_can_be_read():
    names = dir(Verbs)
    assert 'QP' in names and 'IBV_QPT_RC' in names and '__path__' not in names
    assert [n for n in names if not hasattr(Verbs, n)] == []


def test_caps_without_to_string_print_their_fields():
    lines = str(Verbs.TSOCaps()).splitlines()
    assert lines == ['max_tso               : 0', 'supported_qpts        : 0']


def test_rule_made_constructors_refuse_extra_arguments():
    with pytest.raises(TypeError, match=r'TDInitAttr\(\) takes at most 1 arguments'):
        Verbs.TDInitAttr(0, 1)
    with pytest.raises(TypeError, match=r'WC\(\) takes at most 13 arguments'):
        Verbs.WC(*range(14))
    with pytest.raises(TypeError, match=r"WC\(\) got unexpected arguments \['foo'\]"):
        Verbs.WC(foo=1)
    wr = Verbs.SendWR()
    with pytest.raises(TypeError, match=r'set_wr_atomic\(rkey, addr, compare_add, swap\)'):
        wr.set_wr_atomic(1)


def test_field_constructor_subclasses():
    class Cap(Verbs.QPCap):
        def __init__(self, depth):
            super().__init__(max_send_wr=depth)

    class Plain(Verbs.QPCap):
        pass

    cap = Cap(7)
    assert type(cap) is Cap and (cap.max_send_wr, cap.max_recv_wr) == (7, 10)
    plain = Plain(3, max_inline_data=64)
    assert type(plain) is Plain
    assert (plain.max_send_wr, plain.max_recv_wr, plain.max_inline_data) == (3, 10, 64)


def test_send_wr_num_sge_opcode_and_python_rdma_helper():
    wr = Verbs.SendWR(num_sge=1, sg=[Verbs.SGE(0x1000, 8, 1), Verbs.SGE(0x2000, 8, 2)])
    assert wr.num_sge == 1 and [s.addr for s in wr.sg_list] == [0x1000]
    assert int(Verbs.SendWR(opcode=200).opcode) == 200   # a value no WROpcode names is kept
    wr = Verbs.send_wr(wr_id=1, sg_list=[Verbs.SGE(0x1000, 8, 1)], remote_addr=0x3000, rkey=9)
    assert (wr.num_sge, wr.rkey, wr.remote_addr) == (1, 9, 0x3000)


def test_wc_repr_and_wc_error_message():
    assert repr(Verbs.WC(wr_id=5)) == '<Verbs.WC wr_id=5 status=success opcode=send>'
    ok = Verbs.WCError(Verbs.WC(wr_id=3), msg='step 2')
    assert (ok.message, ok.code) == ('step 2: Work completion succeeded: wr_id 3', 0)
    failed = Verbs.WCError(Verbs.WC(wr_id=3, status=Verbs.WCStatus.REM_ACCESS_ERR), msg='step 2')
    assert failed.message.startswith('step 2: Work completion failed: remote access error')
    assert (failed.code, failed.wr_id) == (int(Verbs.WCStatus.REM_ACCESS_ERR), 3)
