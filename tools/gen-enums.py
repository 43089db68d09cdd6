#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""Maintainer tool: regenerate libgverbs/gverbs-enums.h and
libgverbs/gverbs-enums-check.c from rdma-core's installed headers.

The generated files are committed; rerun this when rdma-core grows new
constants.  Every value is a numeric literal in the public header (so that
g-ir-scanner never parses rdma-core) and a static assert in the check file
proves it equals rdma-core's constant.
"""
import os
import re
import subprocess
import sys
import tempfile

# (rdma-core enum, GType name, is_flags, short description)
ENUMS = [
    ("ibv_node_type", "GVerbsNodeType", False, "Node type of an RDMA device"),
    ("ibv_transport_type", "GVerbsTransportType", False, "Transport of an RDMA device"),
    ("ibv_gid_type", "GVerbsGidType", False, "Type of a GID table entry"),
    ("ibv_device_cap_flags", "GVerbsDeviceCapFlags", True, "Device capability flags"),
    ("ibv_atomic_cap", "GVerbsAtomicCap", False, "Atomic operation support of a device"),
    ("ibv_odp_transport_cap_bits", "GVerbsOdpTransportCapBits", True, "On-demand-paging capabilities per transport"),
    ("ibv_odp_general_caps", "GVerbsOdpGeneralCaps", True, "General on-demand-paging capabilities"),
    ("ibv_rx_hash_function_flags", "GVerbsRxHashFunctionFlags", True, "RSS hash functions"),
    ("ibv_rx_hash_fields", "GVerbsRxHashFields", True, "Packet fields an RSS hash can cover"),
    ("ibv_raw_packet_caps", "GVerbsRawPacketCaps", True, "Raw packet QP capabilities"),
    ("ibv_tm_cap_flags", "GVerbsTmCapFlags", True, "Tag matching capabilities"),
    ("ibv_pci_atomic_op_size", "GVerbsPciAtomicOpSize", True, "PCI atomic operation sizes"),
    ("ibv_mtu", "GVerbsMTU", False, "Path MTU"),
    ("ibv_port_state", "GVerbsPortState", False, "Logical port state"),
    ("ibv_port_cap_flags", "GVerbsPortCapFlags", True, "Port capability flags"),
    ("ibv_port_cap_flags2", "GVerbsPortCapFlags2", True, "Port capability flags, second set"),
    ("ibv_event_type", "GVerbsEventType", False, "Type of an asynchronous device event"),
    ("ibv_wc_status", "GVerbsWCStatus", False, "Status of a work completion"),
    ("ibv_wc_opcode", "GVerbsWCOpcode", False, "Operation a work completion reports"),
    ("ibv_create_cq_wc_flags", "GVerbsCreateCQWCFlags", True, "Fields an extended CQ reports"),
    ("ibv_wc_flags", "GVerbsWCFlags", True, "Flags of a work completion"),
    ("ibv_access_flags", "GVerbsAccessFlags", True, "Memory access flags"),
    ("ibv_xrcd_init_attr_mask", "GVerbsXRCDInitAttrMask", True, "Valid fields of XRCD init attributes"),
    ("ibv_rereg_mr_flags", "GVerbsReregMRFlags", True, "What a memory re-registration changes"),
    ("ibv_mw_type", "GVerbsMWType", False, "Memory window type"),
    ("ibv_rate", "GVerbsRate", False, "Static rate of a path"),
    ("ibv_srq_attr_mask", "GVerbsSRQAttrMask", True, "SRQ attributes to modify"),
    ("ibv_srq_type", "GVerbsSRQType", False, "Type of a shared receive queue"),
    ("ibv_srq_init_attr_mask", "GVerbsSRQInitAttrMask", True, "Valid fields of extended SRQ init attributes"),
    ("ibv_ops_wr_opcode", "GVerbsOpsWROpcode", False, "Operation of a tag-matching SRQ work request"),
    ("ibv_ops_flags", "GVerbsOpsFlags", True, "Flags of a tag-matching SRQ work request"),
    ("ibv_wq_type", "GVerbsWQType", False, "Work queue type"),
    ("ibv_wq_state", "GVerbsWQState", False, "Work queue state"),
    ("ibv_wq_init_attr_mask", "GVerbsWQInitAttrMask", True, "Valid fields of WQ init attributes"),
    ("ibv_wq_flags", "GVerbsWQFlags", True, "Work queue creation and modify flags"),
    ("ibv_wq_attr_mask", "GVerbsWQAttrMask", True, "WQ attributes to modify"),
    ("ibv_qp_type", "GVerbsQPType", False, "Queue pair transport type"),
    ("ibv_qp_init_attr_mask", "GVerbsQPInitAttrMask", True, "Valid fields of extended QP init attributes"),
    ("ibv_qp_create_flags", "GVerbsQPCreateFlags", True, "QP creation flags"),
    ("ibv_qp_create_send_ops_flags", "GVerbsQPCreateSendOpsFlags", True, "Send operations an extended QP may post"),
    ("ibv_qp_attr_mask", "GVerbsQPAttrMask", True, "QP attributes to modify or query"),
    ("ibv_qp_state", "GVerbsQPState", False, "Queue pair state"),
    ("ibv_mig_state", "GVerbsMigState", False, "Path migration state"),
    ("ibv_wr_opcode", "GVerbsWROpcode", False, "Operation of a send work request"),
    ("ibv_send_flags", "GVerbsSendFlags", True, "Flags of a send work request"),
    ("ibv_cq_attr_mask", "GVerbsCQAttrMask", True, "CQ attributes to modify"),
    ("ibv_cq_init_attr_mask", "GVerbsCQInitAttrMask", True, "Valid fields of extended CQ init attributes"),
    ("ibv_create_cq_attr_flags", "GVerbsCreateCQAttrFlags", True, "Extended CQ creation flags"),
    ("ibv_parent_domain_init_attr_mask", "GVerbsParentDomainInitAttrMask", True, "Valid fields of parent domain init attributes"),
    ("ibv_flow_flags", "GVerbsFlowFlags", True, "Flow steering rule flags"),
    ("ibv_flow_attr_type", "GVerbsFlowAttrType", False, "Flow steering rule type"),
    ("ibv_flow_spec_type", "GVerbsFlowSpecType", False, "Flow specification type"),
]

# Members that exist only as range markers or aliases and are no API.
SKIP = {"IBV_ACCESS_OPTIONAL_RANGE", "IBV_ACCESS_OPTIONAL_FIRST", "IBV_WC_STANDARD_FLAGS",
        "IBV_CREATE_CQ_SUP_WC_FLAGS", "IBV_CQ_INIT_ATTR_MASK_RESERVED",
        "IBV_CREATE_CQ_ATTR_RESERVED", "IBV_QP_INIT_ATTR_RESERVED", "IBV_SRQ_INIT_ATTR_RESERVED",
        "IBV_XRCD_INIT_ATTR_RESERVED", "IBV_CQ_ATTR_RESERVED", "IBV_QP_CREATE_SOURCE_QPN",
        "IBV_REREG_MR_FLAGS_SUPPORTED", "IBV_FLOW_SPEC_INNER",
        "IBV_WQ_INIT_ATTR_RESERVED", "IBV_WQ_FLAGS_RESERVED", "IBV_WQ_ATTR_RESERVED"}


def enum_members(text, name):
    m = re.search(r"enum\s+%s\s*\{(.*?)\};" % name, text, re.S)
    if not m:
        sys.exit("enum %s not found" % name)
    body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
    body = re.sub(r"//[^\n]*", "", body)
    names = []
    for item in body.split(","):
        item = item.strip()
        if not item or item.startswith("#"):
            continue
        member = item.split("=")[0].strip()
        if member and member not in SKIP:
            names.append(member)
    return names


def values(members):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "v.c")
        with open(src, "w") as f:
            f.write("#include <stdio.h>\n#include <infiniband/verbs.h>\nint main(void){\n")
            for mem in members:
                f.write('printf("%%lld\\n", (long long)(%s));\n' % mem)
            f.write("return 0;}\n")
        exe = os.path.join(d, "v")
        subprocess.check_call(["cc", "-o", exe, src, "-libverbs"])
        out = subprocess.check_output([exe], text=True).split()
    return [int(v) for v in out]


# rdma-core names whose part after the type's prefix starts with a digit
# (IBV_MTU_256, IBV_RATE_2_5_GBPS, IBV_MW_TYPE_1) give GObject-introspection
# member names that are no identifier in Python or GJS (`256`).  Those get a
# GEnum nick (hence a GI name) that starts with a letter, and where the C
# name would not read as the GI name, a C name to match: (pattern, C name or
# None to keep rdma-core's, nick).  Verbs.MTU.BYTES_256 is GVERBS_MTU_BYTES_256.
RENAMES = [
    (r"^IBV_MTU_(\d+)$", r"GVERBS_MTU_BYTES_\1", r"bytes_\1"),
    (r"^IBV_RATE_(\d[\d_]*)_GBPS$", r"GVERBS_RATE_GBPS_\1", r"gbps_\1"),
    (r"^IBV_MW_TYPE_(\d+)$", None, r"type_\1"),
    (r"^IBV_PCI_ATOMIC_(OPERATION_\d+_BYTE_SIZE_SUP)$", None, r"\1"),
]


def rename(member):
    """(C name, nick or None) of an rdma-core member."""
    for pattern, cname, nick in RENAMES:
        m = re.match(pattern, member)
        if m:
            c = m.expand(cname) if cname else "GVERBS_" + member[len("IBV_"):]
            return c, m.expand(nick).lower().replace("_", "-")
    return "GVERBS_" + member[len("IBV_"):], None


def gname(member):
    return rename(member)[0]


def nick_comment(member):
    nick = rename(member)[1]
    return " /*< nick=%s >*/" % nick if nick else ""


def literal(v, is_flags):
    if is_flags and v > 0 and (v & (v - 1)) == 0:
        return "1u << %d" % (v.bit_length() - 1)
    if v < 0:
        return "%d" % v
    return "%d" % v if v < 0x100 else "0x%x" % v


def wc_error_enum(members, vals, check):
    """GVerbsWCError: the codes of the GVERBS_WC_ERROR domain, equal to the
    failed work-completion statuses (the pattern of GIO's GIOErrorEnum)."""
    out = ["/**", " * GVerbsWCError:"]
    pairs = [(m, v) for m, v in zip(members, vals) if m != "IBV_WC_SUCCESS"]
    for mem, _ in pairs:
        out.append(" * @GVERBS_WC_ERROR_%s: `%s`" % (mem[len("IBV_WC_"):], mem))
    out += [" *", " * Codes of the %GVERBS_WC_ERROR domain: a failed work completion's",
            " * #GVerbsWCStatus, under the name of the error domain.", " *", " * Since: 0.1", " */",
            "typedef enum { /*< underscore_name=gverbs_wc_error >*/"]
    for mem, v in pairs:
        out.append("  GVERBS_WC_ERROR_%s = %d," % (mem[len("IBV_WC_"):], v))
        check.append("G_STATIC_ASSERT ((gint64) GVERBS_WC_ERROR_%s == (gint64) %s);" % (mem[len("IBV_WC_"):], mem))
    out += ["} GVerbsWCError;", ""]
    return out


SPDX = ["/* SPDX-License-Identifier: LGPL-2.1-or-later",
        " * SPDX-FileCopyrightText: 2026 The libgverbs authors */", ""]


def main():
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = open("/usr/include/infiniband/verbs.h").read()
    header = SPDX + [
        "/* Generated by tools/gen-enums.py from rdma-core's <infiniband/verbs.h>; do not edit. */",
        "#pragma once", "",
        "#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)",
        '# error "Only <gverbs.h> can be included directly."', "#endif", "",
        "#include <glib.h>", "", "G_BEGIN_DECLS", "",
    ]
    check = SPDX + [
        "/* Generated by tools/gen-enums.py; do not edit. */",
        "/* Proves at compile time that every libgverbs enum value equals rdma-core's. */",
        '#include "gverbs-enums.h"', "#include <infiniband/verbs.h>", "",
    ]
    for cname, tname, is_flags, desc in ENUMS:
        members = enum_members(text, cname)
        vals = values(members)
        header.append("/**")
        header.append(" * %s:" % tname)
        for mem in members:
            header.append(" * @%s: `%s`" % (gname(mem), mem))
        header.append(" *")
        header.append(" * %s; the values are those of rdma-core's `enum %s`." % (desc, cname))
        header += [" *", " * Since: 0.1", " */"]
        trigraph = "underscore_name=gverbs_%s" % cname[len("ibv_"):]
        header.append("typedef enum { /*< %s%s >*/" % ("flags," if is_flags else "", trigraph))
        for mem, v in zip(members, vals):
            header.append("  %s = %s,%s" % (gname(mem), literal(v, is_flags), nick_comment(mem)))
        header.append("} %s;" % tname)
        header.append("")
        for mem in members:
            check.append("G_STATIC_ASSERT ((gint64) %s == (gint64) %s);" % (gname(mem), mem))
        if cname == "ibv_wc_status":
            header += wc_error_enum(members, vals, check)
    header += ["G_END_DECLS", ""]
    check.append("")
    with open(os.path.join(top, "libgverbs", "gverbs-enums.h"), "w") as f:
        f.write("\n".join(header))
    with open(os.path.join(top, "libgverbs", "gverbs-enums-check.c"), "w") as f:
        f.write("\n".join(check))


if __name__ == "__main__":
    main()
