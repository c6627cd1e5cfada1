//! A WebSocket client (RFC 6455) on `std::net::TcpStream`: no WebSocket crate is packaged by Debian,
//! and the protocol's client side is small. The opening handshake (`Sec-WebSocket-Key` checked against
//! `Sec-WebSocket-Accept`), masked client frames, 16- and 64-bit lengths, fragmented messages,
//! ping/pong and close. The socket machinery reads lines and writes lines; [`WsReader`] hands it each
//! message as a line (a JSON text holds no raw line break: JSON escapes them in strings, and line
//! breaks between tokens are whitespace, so they become spaces) and [`WsWriter`] sends each line as one
//! text frame. `wss://` (TLS) is not supported yet.

use crate::runtime::rpc::TransportError;
use sha1::{Digest, Sha1};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Mutex};

const GUID: &str = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
/// The largest message accepted (the socket transport's frame cap, 8 MiB, with room to spare).
const MAX_MESSAGE: u64 = 64 * 1024 * 1024;

fn refused(url: &str, why: String) -> TransportError {
    TransportError::Connect {
        endpoint: url.to_string(),
        source: io::Error::new(io::ErrorKind::ConnectionRefused, why),
    }
}

/// Connects to `url` (`ws://host[:port]/path`) and completes the opening handshake.
#[allow(clippy::type_complexity)]
pub fn open(
    url: &str,
) -> Result<(WsReader, WsWriter, Box<dyn Fn() + Send + Sync>), TransportError> {
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("wss://") {
        return Err(TransportError::Unsupported(format!(
            "{url}: wss:// (WebSocket over TLS) is not supported by this client yet; use ws://"
        )));
    }
    let rest = &url["ws://".len()..];
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let has_port = matches!(authority.rsplit_once(':'), Some((_, p)) if p.parse::<u16>().is_ok());
    let address = if !has_port {
        format!("{authority}:80")
    } else {
        authority.to_string()
    };
    let stream = TcpStream::connect(&address).map_err(|source| TransportError::Connect {
        endpoint: url.to_string(),
        source,
    })?;
    let mut nonce = [0u8; 16];
    fill_random(&mut nonce);
    let key = base64::encode(nonce);
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    let io_err = |source| TransportError::Connect {
        endpoint: url.to_string(),
        source,
    };
    (&stream).write_all(request.as_bytes()).map_err(io_err)?;
    let mut reader = BufReader::new(stream.try_clone().map_err(io_err)?);
    let mut status = String::new();
    reader.read_line(&mut status).map_err(io_err)?;
    let mut accept = None;
    let mut upgrade = false;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).map_err(io_err)? == 0 {
            return Err(refused(url, "the server ended the handshake".into()));
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            match name.trim().to_ascii_lowercase().as_str() {
                "sec-websocket-accept" => accept = Some(value.trim().to_string()),
                "upgrade" => upgrade = value.trim().eq_ignore_ascii_case("websocket"),
                _ => {}
            }
        }
    }
    if status.split_whitespace().nth(1) != Some("101") {
        return Err(refused(
            url,
            format!(
                "the server refused the WebSocket upgrade ({})",
                status.trim_end()
            ),
        ));
    }
    let expected = base64::encode(Sha1::digest(format!("{key}{GUID}").as_bytes()));
    if !upgrade || accept.as_deref() != Some(expected.as_str()) {
        return Err(refused(
            url,
            "the server's answer is not a WebSocket upgrade".into(),
        ));
    }
    let writer = Arc::new(Mutex::new(stream.try_clone().map_err(io_err)?));
    let shut = stream;
    Ok((
        WsReader {
            reader,
            writer: Arc::clone(&writer),
            pending: Vec::new(),
            at: 0,
        },
        WsWriter { inner: writer },
        Box::new(move || {
            let _ = shut.shutdown(Shutdown::Both);
        }),
    ))
}

/// Random bytes for keys and masks from the OS (`/dev/urandom`), else from the clock: a mask only has
/// to be unpredictable to scripts in a browser, which this client never runs.
fn fill_random(buf: &mut [u8]) {
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        if f.read_exact(buf).is_ok() {
            return;
        }
    }
    let mut x = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x9E37_79B9_7F4A_7C15, |d| d.as_nanos() as u64);
    for b in buf.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
}

/// Writes one final, masked frame (a client must mask).
fn send_frame(stream: &Mutex<TcpStream>, opcode: u8, payload: &[u8]) -> io::Result<()> {
    let mut frame = Vec::with_capacity(payload.len() + 14);
    frame.push(0x80 | opcode);
    let n = payload.len();
    if n < 126 {
        frame.push(0x80 | n as u8);
    } else if n < 65536 {
        frame.push(0x80 | 126);
        frame.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        frame.push(0x80 | 127);
        frame.extend_from_slice(&(n as u64).to_be_bytes());
    }
    let mut mask = [0u8; 4];
    fill_random(&mut mask);
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    let mut stream = stream.lock().unwrap_or_else(|e| e.into_inner());
    stream.write_all(&frame)?;
    stream.flush()
}

/// Each whole line written is one text frame.
pub struct WsWriter {
    inner: Arc<Mutex<TcpStream>>,
}

impl Write for WsWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let line = buf.strip_suffix(b"\n").unwrap_or(buf);
        send_frame(&self.inner, 0x1, line)?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Each message read (fragments joined, pings answered) as one line.
pub struct WsReader {
    reader: BufReader<TcpStream>,
    writer: Arc<Mutex<TcpStream>>,
    pending: Vec<u8>,
    at: usize,
}

impl WsReader {
    fn next_message(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            if let Err(e) = self.reader.read_exact(&mut head) {
                return if e.kind() == io::ErrorKind::UnexpectedEof {
                    Ok(None)
                } else {
                    Err(e)
                };
            }
            let (fin, opcode, masked) = (head[0] & 0x80 != 0, head[0] & 0x0F, head[1] & 0x80 != 0);
            let mut len = u64::from(head[1] & 0x7F);
            if len == 126 {
                let mut ext = [0u8; 2];
                self.reader.read_exact(&mut ext)?;
                len = u64::from(u16::from_be_bytes(ext));
            } else if len == 127 {
                let mut ext = [0u8; 8];
                self.reader.read_exact(&mut ext)?;
                len = u64::from_be_bytes(ext);
            }
            let mut mask = [0u8; 4];
            if masked {
                self.reader.read_exact(&mut mask)?;
            }
            if message.len() as u64 + len > MAX_MESSAGE {
                let _ = send_frame(&self.writer, 0x8, &1009u16.to_be_bytes());
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a WebSocket message over the size limit",
                ));
            }
            let mut payload = vec![0u8; len as usize];
            self.reader.read_exact(&mut payload)?;
            if masked {
                for (i, b) in payload.iter_mut().enumerate() {
                    *b ^= mask[i % 4];
                }
            }
            match opcode {
                0x9 => send_frame(&self.writer, 0xA, &payload)?,
                0xA => {}
                0x8 => {
                    let _ = send_frame(&self.writer, 0x8, &1000u16.to_be_bytes());
                    return Ok(None);
                }
                _ => {
                    message.extend_from_slice(&payload);
                    if fin {
                        return Ok(Some(message));
                    }
                }
            }
        }
    }
}

impl Read for WsReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for WsReader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.pending.len() {
            match self.next_message()? {
                None => {
                    self.pending.clear();
                    self.at = 0;
                }
                Some(mut message) => {
                    for b in message.iter_mut() {
                        if *b == b'\n' || *b == b'\r' {
                            *b = b' ';
                        }
                    }
                    message.push(b'\n');
                    self.pending = message;
                    self.at = 0;
                }
            }
        }
        Ok(&self.pending[self.at..])
    }
    fn consume(&mut self, amount: usize) {
        self.at += amount;
    }
}
