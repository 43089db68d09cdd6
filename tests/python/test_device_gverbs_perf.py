# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""gverbs-perf (tools/gverbs-perf) runs briefly on the device and reports sane
numbers, so the benchmark tool cannot rot; the full benchmark is benchmarks/run."""
import json
import os
import random
import subprocess

from gverbs_testutil import device_name

PERF = os.path.join(os.environ.get('G_TEST_BUILDDIR', ''), '..', 'tools', 'gverbs-perf', 'gverbs-perf')


def run(*args, check=True):
    p = subprocess.run([PERF] + list(args), capture_output=True, text=True, timeout=120)
    if check:
        assert p.returncode == 0, p.stderr
    return p


def one_result(out, test, size, iters):
    doc = json.loads(out)
    assert doc['tool'] == 'gverbs-perf' and doc['test'] == test
    assert len(doc['results']) == 1
    r = doc['results'][0]
    assert r['bytes'] == size and r['iterations'] == iters
    return doc, r


def check_bw(r):
    assert r['bw_avg_mbs'] > 0 and r['msg_rate_mpps'] > 0
    assert r['bw_peak_mbs'] >= r['bw_avg_mbs']
    # average bandwidth and message rate describe the same run
    assert abs(r['bw_avg_mbs'] * 1048576 / r['bytes'] - r['msg_rate_mpps'] * 1e6) <= \
        0.01 * r['msg_rate_mpps'] * 1e6


def check_lat(r):
    assert 0 < r['t_min_us'] <= r['t_typical_us'] <= r['t_max_us']
    assert r['t_min_us'] <= r['t_avg_us'] <= r['t_max_us']
    assert r['t_typical_us'] <= r['t_99_us'] <= r['t_999_us'] <= r['t_max_us']
    assert r['t_stdev_us'] >= 0


def test_loopback_bandwidth_tests():
    dev = device_name()
    for test in ('write_bw', 'read_bw', 'send_bw'):
        doc, r = one_result(run(test, '--loopback', '-d', dev, '-n', '200', '-s', '64', '--json').stdout,
                            test, 64, 200)
        assert doc['device'] == dev and doc['connection'] == 'RC' and doc['mtu'] >= 256
        check_bw(r)


def test_outstanding_reads():
    """read_bw keeps as many RDMA reads in flight as the device allows
    (max_qp_rd_atom, as ibv_devinfo reports it), or as many as -o says."""
    dev = device_name()
    info = subprocess.run(['ibv_devinfo', '-v', '-d', dev], capture_output=True, text=True, check=True).stdout
    max_rd = int(next(line.split()[1] for line in info.splitlines() if line.split()[:1] == ['max_qp_rd_atom:']))
    doc, r = one_result(run('read_bw', '--loopback', '-d', dev, '-n', '200', '-s', '64', '--json').stdout,
                        'read_bw', 64, 200)
    assert doc['out_reads'] == max_rd
    check_bw(r)
    doc, r = one_result(run('read_bw', '--loopback', '-d', dev, '-n', '200', '-s', '64', '-o', '1',
                            '--json').stdout, 'read_bw', 64, 200)
    assert doc['out_reads'] == 1
    check_bw(r)
    table = run('read_bw', '--loopback', '-d', dev, '-n', '100', '-s', '64', '-o', '4').stdout
    assert ' Outstand reads  : 4' in table.splitlines()


def test_loopback_latency_tests():
    dev = device_name()
    for test in ('send_lat', 'write_lat'):
        _, r = one_result(run(test, '--loopback', '-d', dev, '-n', '200', '--json').stdout, test, 2, 200)
        check_lat(r)


def test_ud_and_events():
    dev = device_name()
    _, r = one_result(run('send_bw', '-c', 'UD', '--loopback', '-d', dev, '-n', '200', '-s', '256',
                          '--json').stdout, 'send_bw', 256, 200)
    check_bw(r)
    _, r = one_result(run('send_lat', '-c', 'UD', '--loopback', '-d', dev, '-n', '200',
                          '--json').stdout, 'send_lat', 2, 200)
    check_lat(r)
    doc, r = one_result(run('write_bw', '--loopback', '--events', '-d', dev, '-n', '200', '-s', '64',
                            '--json').stdout, 'write_bw', 64, 200)
    assert doc['events'] is True
    check_bw(r)


def client_server(test, *args):
    dev = device_name()
    port = str(random.randint(20000, 30000))
    common = [test, '-d', dev, '-p', port, '--no-progress'] + list(args)
    server = subprocess.Popen([PERF] + common, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        client = run(*(common + ['127.0.0.1']))
    finally:
        sout, serr = server.communicate(timeout=120)
    assert server.returncode == 0, serr
    return client.stdout, sout


def test_client_server_write_bw_json():
    out, _ = client_server('write_bw', '-n', '200', '-s', '1024', '--json')
    _, r = one_result(out, 'write_bw', 1024, 200)
    check_bw(r)


def test_client_server_send_bw_both_sides_report():
    cout, sout = client_server('send_bw', '-n', '200', '-s', '512', '--json')
    check_bw(one_result(cout, 'send_bw', 512, 200)[1])
    check_bw(one_result(sout, 'send_bw', 512, 200)[1])


def test_client_server_send_lat_table():
    out, _ = client_server('send_lat', '-n', '100')
    lines = out.splitlines()
    header = [i for i, line in enumerate(lines) if line.lstrip().startswith('#bytes')]
    assert len(header) == 1 and 't_typical[usec]' in lines[header[0]]
    row = lines[header[0] + 1].split()
    assert row[0] == '2' and row[1] == '100'
    values = [float(v) for v in row[2:9]]
    assert all(v > 0 for v in values[:4])


def test_client_server_sweep_table():
    out, _ = client_server('write_bw', '-a', '-n', '10')
    rows = [line.split() for line in out.splitlines() if line.strip() and line.split()[0].isdigit()]
    assert [int(r[0]) for r in rows] == [2 ** k for k in range(1, 17)]
    for r in rows:
        # MB/s with two decimals, as perftest prints them: 10 tiny messages
        # on a loaded host can round to 0.00, the message rate cannot
        assert int(r[1]) == 10 and float(r[2]) >= float(r[3]) >= 0 and float(r[4]) > 0
        if int(r[0]) >= 1024:
            assert float(r[3]) > 0


def test_bad_arguments():
    device_name()
    for args in (['no_such_test', '--loopback'], ['write_bw', '-c', 'UD', '--loopback'],
                 ['write_lat', '--events', '--loopback'], ['write_bw', '-c', 'XRC'],
                 ['write_bw', '--loopback', 'somehost']):
        p = run(*args, check=False)
        assert p.returncode == 2 and 'gverbs-perf' in p.stderr and p.stdout == ''
    p = run('write_bw', '--loopback', '-d', 'no_such_device0', '-n', '10', check=False)
    assert p.returncode == 1 and 'open the device' in p.stderr
